package sieve;

import harness.Harness;

/** Tight loops over arrays: a sieve of Eratosthenes, Collatz chain lengths, a prefix-sum scan. */
public final class Main {
  static int sieve(boolean[] composite) {
    int n = composite.length;
    int count = 0;
    for (int i = 2; i < n; i++) {
      if (!composite[i]) {
        count++;
        for (long j = (long) i * i; j < n; j += i) composite[(int) j] = true;
      }
    }
    return count;
  }

  static long collatz(int limit) {
    long best = 0;
    int arg = 0;
    for (int i = 1; i < limit; i++) {
      long x = i;
      int steps = 0;
      while (x != 1) {
        x = (x & 1) == 0 ? x >>> 1 : 3 * x + 1;
        steps++;
      }
      if (steps > best) {
        best = steps;
        arg = i;
      }
    }
    return best * 1_000_003L + arg;
  }

  static long scan(int[] a) {
    long s = 0;
    for (int i = 0; i < a.length; i++) a[i] = (int) (i * 2654435761L >>> 7) & 1023;
    for (int i = 1; i < a.length; i++) a[i] += a[i - 1] ^ (a[i] >>> 3);
    for (int v : a) s += v;
    return s;
  }

  public static void main(String[] args) {
    Harness.run("sieve", args, scale -> {
      long h = 0;
      h = Harness.mix(h, sieve(new boolean[Harness.size(scale, 2_925_000, 1000)]));
      h = Harness.mix(h, collatz(Harness.size(scale, 122_000, 100)));
      h = Harness.mix(h, scan(new int[Harness.size(scale, 1_462_000, 100)]));
      return h;
    });
  }
}
