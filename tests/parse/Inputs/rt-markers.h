/* rt-markers.h - a header for roundtrip-markers.test. */
static inline int from_header(int v)
{
  int unused_h;
  return v;
}
