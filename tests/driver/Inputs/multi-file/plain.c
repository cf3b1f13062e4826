/* plain.c - a file without OpenMP, compiled by cc alone. */
int plain_rows(void) { return 4; }
