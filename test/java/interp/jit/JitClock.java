/**
 * The embedded JIT must be invisible: the same output and the same number of bytecodes
 * executed with and without compilation. Hot loops here throw from compiled code, from inlined
 * callees, and leave inlined callees to the interpreter (a polymorphic guard, a cold throw).
 */
public class JitClock {
  abstract static class Op {
    abstract int apply(int x);

    int twice(int x) {
      return apply(apply(x));
    }
  }

  static final class Inc extends Op {
    int apply(int x) {
      return x + 1;
    }
  }

  static final class Dbl extends Op {
    int apply(int x) {
      return x * 2;
    }
  }

  static int at(int[] a, int i) {
    return a[i];
  }

  /** Throws in its first block, which does not sync the profiler's counter local (D != 0 there). */
  static int atAbs(int[] a, int i) {
    int v = a[i];
    if (v < 0) v = -v;
    return v + 1;
  }

  static int checked(int x) {
    if (x % 97 == 0) throw new IllegalStateException("x = " + x);
    return x + 3;
  }

  static long phase(int kind, int rounds) {
    int[] a = new int[4];
    Op[] ops = {new Inc(), new Dbl(), new Inc()};
    long s = 0;
    for (int i = 0; i < rounds; i++) {
      try {
        switch (kind) {
          case 0:
            s += a[i & 7]; // throws in the compiled method itself
            break;
          case 1:
            s += at(a, i & 7); // throws inside an inlined callee
            break;
          case 2:
            s += ops[i % 3].twice(i); // guard failures leave inlined code
            break;
          default:
            s += checked(i); // a cold throw, left to the interpreter
        }
      } catch (RuntimeException e) {
        s ^= i;
      }
      long d = i * 3L;
      if (d > 1_000_000_000L) s--;
    }
    return s;
  }

  /**
   * Throws inside an inlined callee in a block that has not synced the profiler's counter local
   * (profiled: the callee's catch-all handler, run by the interpreter, subtracts it).
   */
  static long throwsInInlined(int rounds) {
    int[] a = new int[4];
    long s = 0;
    for (int i = 0; i < rounds; i++) {
      try {
        s += atAbs(a, i & 7);
      } catch (RuntimeException e) {
        s ^= i;
      }
    }
    return s;
  }

  static String firstNpe = "", firstBounds = "";

  /**
   * Inner loops over arrays held in locals they never store to (the JIT reads such an array's
   * data once where the loop copy is entered): a null array and an index past the end throw at
   * the same access, after the same bytecodes, as in the interpreter; `v[i] += ...` (dup2) and
   * a loop that reassigns its array local (not hoisted).
   */
  static long loopArrays(int rounds) {
    double[] v = new double[8];
    int[] w = new int[8];
    char[] cs = new char[8];
    long s = 0;
    for (int r = 0; r < rounds; r++) {
      int[] q = r % 97 == 5 ? null : w;
      int n = 8 + (r % 89 == 7 ? 1 : 0);
      try {
        for (int i = 0; i < n; i++) {
          v[i] += i * 0.5;
          q[i] += i + r;
          cs[i] = (char) (cs[i] + q[i]);
          s += q[i] ^ cs[i];
        }
        int[] z = w;
        for (int i = 0; i < n - 1; i++) {
          s += z[i];
          if ((i & 3) == 3) z = r % 13 == 0 ? null : w;
        }
      } catch (NullPointerException e) {
        if (firstNpe.isEmpty()) firstNpe = String.valueOf(e.getMessage());
        s ^= r;
      } catch (ArrayIndexOutOfBoundsException e) {
        if (firstBounds.isEmpty()) firstBounds = e.getMessage();
        s ^= r * 3L;
      }
    }
    return s + (long) v[3];
  }

  static String firstLengthNpe = "";

  /** Loops up to `a.length` whose array is null in some rounds: the header's arraylength throws (jit/loops.ts headerFold). */
  static long lengthLoops(int rounds) {
    int[] w = new int[6];
    long s = 0;
    for (int r = 0; r < rounds; r++) {
      int[] q = r % 61 == 9 ? null : w;
      try {
        for (int i = 0; i < q.length; i++) q[i] += i ^ r;
        for (int i = q.length - 1; i >= 0; i--) s += q[i] * (long) (i + 1);
      } catch (NullPointerException e) {
        if (firstLengthNpe.isEmpty()) firstLengthNpe = String.valueOf(e.getMessage());
        s ^= r;
      }
    }
    return s;
  }

  public static void main(String[] args) {
    for (int kind = 0; kind < 4; kind++) {
      long s = phase(kind, 20_000);
      System.out.println("phase " + kind + ": " + s);
    }
    System.out.println("inlined throws: " + throwsInInlined(20_000));
    System.out.println("loop arrays: " + loopArrays(20_000) + " " + firstNpe + " / " + firstBounds);
    System.out.println("length loops: " + lengthLoops(20_000) + " " + firstLengthNpe);
  }
}
