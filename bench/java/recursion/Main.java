package recursion;

import harness.Harness;

/** Deep and call-heavy recursion: fib, Ackermann, Takeuchi, and a recursive permutation count. */
public final class Main {
  static int fib(int n) {
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
  }

  static int ack(int m, int n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
  }

  static int tak(int x, int y, int z) {
    return y < x ? tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y)) : z;
  }

  /** Counts the solutions of the n-queens problem (recursive backtracking over bit masks). */
  static int queens(int n, int row, int cols, int d1, int d2) {
    if (row == n) return 1;
    int count = 0;
    int free = ~(cols | d1 | d2) & ((1 << n) - 1);
    while (free != 0) {
      int bit = free & -free;
      free -= bit;
      count += queens(n, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    }
    return count;
  }

  public static void main(String[] args) {
    Harness.run("recursion", args, scale -> {
      long h = 0;
      int reps = Harness.size(scale, 2, 1);
      for (int r = 0; r < reps; r++) {
        h = Harness.mix(h, fib(27));
        h = Harness.mix(h, ack(2, 1500 + r));
        h = Harness.mix(h, ack(3, 6));
        h = Harness.mix(h, tak(18, 12, 6));
        h = Harness.mix(h, queens(9, 0, 0, 0, 0));
      }
      return h;
    });
  }
}
