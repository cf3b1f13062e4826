/* lazy-body.h - statements in the middle of a function body. */
  int unused_h;
  y += 2;
