// Item 5: the ABI's functions exported under names check cannot call: a C++ name without
// extern "C" (mangled), and a C name with another suffix. check must fail (exit 2) and name them.
int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  for (int i = 0; i < 3; ++i)
    if (ahi[i] < blo[i] || bhi[i] < alo[i]) return 0;
  return 1;
}

extern "C" __attribute__((visibility("default"))) int aabb_contains_float(const float lo[3],
                                                                          const float hi[3],
                                                                          const float p[3]) {
  for (int i = 0; i < 3; ++i)
    if (!(lo[i] <= p[i] && p[i] <= hi[i])) return 0;
  return 1;
}

extern "C" __attribute__((visibility("default"))) int AABB_Overlap_F64(const double*, const double*,
                                                                       const double*, const double*) {
  return 1;
}
