struct s { int a; int b };
int main(void) { struct s v = {1, 2}; return v.a + v.b - 3; }
