// Primitive arrays in hot loops (compiled by the embedded JIT into typed-array accesses), run
// by interp-protectors.test.ts under node's --trace-protector-invalidation.
public final class ArrayLoops {
  static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) s += a[i] * b[i];
    return s;
  }

  static long mix(int[] v) {
    long h = 17;
    for (int i = 0; i < v.length; i++) h = h * 31 + v[i];
    return h;
  }

  public static void main(String[] args) {
    double[] a = new double[500];
    double[] b = new double[500];
    int[] v = new int[300];
    for (int i = 0; i < a.length; i++) {
      a[i] = i * 0.5;
      b[i] = 1.0 / (i + 1);
    }
    for (int i = 0; i < v.length; i++) v[i] = i * i - 7 * i;
    double d = 0;
    long h = 0;
    for (int r = 0; r < 200; r++) {
      d += dot(a, b);
      h ^= mix(v) + r;
    }
    System.out.println("dot " + d + " mix " + h);
  }
}
