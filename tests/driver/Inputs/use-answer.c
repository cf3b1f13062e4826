/* use-answer.c - calls answer() from answer.s. */
int answer(void);
int main(void) { return answer() != 42; }
