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

  public static void main(String[] args) {
    for (int kind = 0; kind < 4; kind++) {
      long s = phase(kind, 20_000);
      System.out.println("phase " + kind + ": " + s);
    }
    System.out.println("inlined throws: " + throwsInInlined(20_000));
  }
}
