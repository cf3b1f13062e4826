/* rt-layout.c - input of roundtrip-layout.test, written on as few lines
 * as possible: the printer lays it out. */
struct pair { int a; int b; }; enum e { E1, E2 = 3 };
int k(int x) { switch (x) { case 1: x++; break; case 2 ... 4: default: x--; } if (x) return 1; else if (x > 2) { return 2; } else return 3; }
int l(int x) { do x--; while (x > 0); while (x) x++; for (;;) break; lab: return x; }
int table[] = { 1000001, 1000002, 1000003, 1000004, 1000005, 1000006, 1000007, 1000008, 1000009, 1000010, 1000011, 1000012, 1000013, 1000014 };
