/* syntax-bad.h - a header with a syntax error, for syntax-header.c. */
struct ok { int a; };
int value = 1
int broken;
