package matmul;

import harness.Harness;

/** Dense matrix multiplication (double and long), a transpose and an LU-free determinant-like sweep. */
public final class Main {
  static double[][] fill(int n, int seed) {
    double[][] m = new double[n][n];
    int x = seed;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        x = x * 1103515245 + 12345;
        m[i][j] = ((x >>> 16) & 1023) / 512.0 - 1.0;
      }
    }
    return m;
  }

  static double[][] multiply(double[][] a, double[][] b) {
    int n = a.length;
    double[][] c = new double[n][n];
    for (int i = 0; i < n; i++) {
      double[] ci = c[i];
      double[] ai = a[i];
      for (int k = 0; k < n; k++) {
        double aik = ai[k];
        double[] bk = b[k];
        for (int j = 0; j < n; j++) ci[j] += aik * bk[j];
      }
    }
    return c;
  }

  static long multiplyLong(int n) {
    long[] a = new long[n * n];
    long[] b = new long[n * n];
    for (int i = 0; i < n * n; i++) {
      a[i] = (i * 31L) % 97;
      b[i] = (i * 17L) % 89;
    }
    long sum = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        long s = 0;
        for (int k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
        sum += s ^ (i + j);
      }
    }
    return sum;
  }

  public static void main(String[] args) {
    Harness.run("matmul", args, scale -> {
      int n = Harness.size(Math.cbrt(scale), 240, 8);
      double[][] c = multiply(fill(n, 1), fill(n, 2));
      c = multiply(c, fill(n, 3));
      double trace = 0;
      for (int i = 0; i < n; i++) trace += c[i][i] + c[i][n - 1 - i];
      long h = Harness.mix(0, Double.doubleToLongBits(trace));
      return Harness.mix(h, multiplyLong(Harness.size(Math.cbrt(scale), 180, 8)));
    });
  }
}
