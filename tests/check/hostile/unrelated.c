/* Item 5: a shared library with nothing of the ABI in it. */
int unrelated_function(int x) { return x + 1; }
