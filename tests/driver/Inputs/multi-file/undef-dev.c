/* undef-dev.c - defines scale, but not in a declare target directive. */
int scale(int x) { return 2 * x; }
