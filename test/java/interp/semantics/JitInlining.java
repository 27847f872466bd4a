import java.util.ArrayList;
import java.util.List;

/**
 * Small methods the embedded JVM's JIT inlines into hot callers (jit/inline.ts), run long
 * enough to be compiled, then made to throw from inside the inlined body: the stack traces,
 * helpful NullPointerException messages and handlers must be exactly HotSpot's. Also
 * polymorphic call sites (the inlined guess fails), nested inlining and results of inlined
 * arithmetic.
 */
public class JitInlining {
  static final class Box {
    int value;
    Box next;

    Box(int value) {
      this.value = value;
    }

    int plus(int k) {
      return value + k;
    }

    int nextValue() {
      return next.value; // NPE when next is null
    }
  }

  abstract static class Shape {
    abstract int area();

    int twice() {
      return area() * 2;
    }
  }

  static final class Square extends Shape {
    final int side;

    Square(int side) {
      this.side = side;
    }

    int area() {
      return side * side;
    }
  }

  static final class Rect extends Shape {
    final int w, h;

    Rect(int w, int h) {
      this.w = w;
      this.h = h;
    }

    int area() {
      return w * h;
    }
  }

  static int at(int[] a, int i) {
    return a[i]; // AIOOBE
  }

  static int element(int[] a, int i) {
    return a[i]; // AIOOBE, another site than at() (HotSpot's C2 drops the stack trace of a site that throws often)
  }

  static int div(int a, int b) {
    return a / b; // ArithmeticException
  }

  static String asString(Object o) {
    return (String) o; // ClassCastException
  }

  /** Inlined with its cold throwing path left to the interpreter (the JIT builds its frame then). */
  static int checked(int x) {
    if (x < 0) throw new IllegalArgumentException("negative: " + x);
    return x * 2;
  }

  static int clamp(int x, int lo, int hi) {
    return x < lo ? lo : x > hi ? hi : x;
  }

  static int outer(int[] a, int i) {
    return middle(a, i) + 1;
  }

  static int middle(int[] a, int i) {
    return element(a, i) * 2;
  }

  static long mix(long h, int v) {
    return h * 31 + v;
  }

  static Integer boxed(int i) {
    return Integer.valueOf(i);
  }

  static void report(Throwable e) {
    System.out.println(e);
    StackTraceElement[] st = e.getStackTrace();
    for (int i = 0; i < Math.min(st.length, 4); i++) System.out.println("  at " + st[i]);
  }

  /**
   * A hot loop over the small methods above; at iteration `failAt` one of them gets a bad
   * argument (`kind`) and throws from inside its inlined body. Even kinds are caught in the
   * loop (a handler of the compiled caller), odd ones leave to main.
   */
  static long hot(int rounds, int failAt, int kind) {
    long h = 0;
    int[] arr = {3, 1, 4, 1, 5, 9, 2, 6};
    Box b = new Box(7);
    b.next = new Box(11);
    Box lonely = new Box(5);
    Shape[] shapes = {new Square(3), new Rect(2, 5), new Square(4)};
    List<Integer> list = new ArrayList<>();
    for (int i = 0; i < rounds; i++) {
      boolean bad = i == failAt;
      int idx = bad && (kind == 0 || kind == 1) ? 8 : i & 7;
      int dv = bad && (kind == 2 || kind == 3) ? 0 : (i & 3) + 1;
      Box nb = bad && (kind == 4 || kind == 5) ? lonely : b;
      Box rb = bad && (kind == 6 || kind == 7) ? null : b;
      Object so = bad && (kind == 8 || kind == 9) ? (Object) Integer.valueOf(i) : "s" + (i & 1);
      int oi = bad && (kind == 10 || kind == 11) ? -1 : i & 7;
      int ci = bad && (kind == 12 || kind == 13) ? -i : i;
      try {
        h = mix(h, at(arr, idx));
        h = mix(h, div(i + 100, dv));
        h = mix(h, clamp(i % 50, 10, 40));
        h = mix(h, outer(arr, oi));
        h = mix(h, rb.plus(i));
        h = mix(h, nb.nextValue());
        h = mix(h, shapes[i % 3].area());
        h = mix(h, shapes[i % 3].twice());
        h = mix(h, asString(so).length());
        h = mix(h, checked(ci));
      } catch (RuntimeException e) {
        if ((kind & 1) == 1) throw e;
        System.out.println("caught in the loop at i = " + i);
        report(e);
        h = -h;
      }
      Integer x = boxed(i & 255);
      if (list.size() < 300) list.add(x);
      h = mix(h, x.compareTo(list.get(i % list.size())));
    }
    return h;
  }

  /**
   * System.arraycopy in a hot loop (compiled code copies without calling the native when the
   * copy cannot fail); at iteration `failAt` it gets bad arguments and must throw as HotSpot
   * does, including the partial copy of an element-wise store check.
   */
  static String copies(int rounds, int failAt, int kind) {
    int[] ints = {1, 2, 3, 4, 5, 6, 7, 8};
    int[] into = new int[8];
    long[] longs = new long[8];
    Object[] objs = {"a", "b", 3, "d"};
    String[] strs = new String[4];
    Object[] wide = new Object[4];
    long h = 0;
    for (int i = 0; i < rounds; i++) {
      boolean bad = i == failAt;
      try {
        System.arraycopy(ints, i & 3, into, 0, bad && kind == 0 ? 9 : 4);
        System.arraycopy(bad && kind == 1 ? (Object) ints : longs, 0, longs, 1, 4);
        System.arraycopy(objs, 0, wide, 0, 4);
        System.arraycopy(objs, 0, bad && kind == 2 ? strs : wide, 0, bad && kind == 2 ? 4 : 2);
        System.arraycopy(bad && kind == 3 ? null : into, 0, into, 1, 3);
        System.arraycopy(into, 0, into, i & 1, 5);
      } catch (RuntimeException e) {
        System.out.println("copy failed at i = " + i + ": " + e);
        StackTraceElement[] st = e.getStackTrace();
        for (int k = 0; k < Math.min(st.length, 2); k++) System.out.println("  at " + st[k]);
      }
      h = h * 31 + into[i & 7] + longs[i & 7] + (wide[i & 3] == null ? 0 : wide[i & 3].hashCode());
    }
    return h + " " + java.util.Arrays.toString(into) + " " + java.util.Arrays.toString(strs);
  }

  public static void main(String[] args) {
    for (int kind = 0; kind < 4; kind++) System.out.println("copies " + kind + ": " + copies(3000, 2900 + kind, kind));
    // Warm up: every small method above runs thousands of times (compiled and inlined).
    System.out.println("h = " + hot(5000, -1, -1));
    for (int kind = 0; kind < 14; kind++) {
      try {
        System.out.println("kind " + kind + ": h = " + hot(3000, 2500 + kind, kind));
      } catch (RuntimeException e) {
        System.out.println("kind " + kind + " left hot()");
        report(e);
      }
    }
    // The exceptions did not disturb later compiled runs.
    System.out.println("h = " + hot(2000, -1, -1));
    new Throwable("trace from main").printStackTrace(System.out);
  }
}
