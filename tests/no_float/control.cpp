// The control for check_no_float.py: plain double arithmetic, which the check must flag.
double control_fma_like(double a, double b, double c) { return a * b + c; }
float control_divide(float a, float b) { return a / b; }
long control_truncate(double a) { return static_cast<long>(a); }
