package code;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;

/**
 * Code-model test program: every kind of instruction and frame javac writes. main prints
 * deterministic results, so a re-encoded or transformed copy can be compared with the original.
 */
public class Samples {
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.TYPE_USE)
  @interface Nn {}

  enum Color { RED, GREEN, BLUE }

  static class Base {
    final int v;

    Base(int v) {
      this.v = v;
    }
  }

  static class Derived extends Base {
    final String s;

    // A conditional before super(): frames with UninitializedThis and a stack.
    Derived(int x, String s) {
      super(x > 0 ? x * 2 : -x);
      this.s = s == null ? "null" : s;
    }

    // new inside new, with a branch while both objects are uninitialized.
    Derived(boolean b) {
      this(new StringBuilder(b ? "t" : "f").append(b ? 1 : 2).length(), String.valueOf(new Base(b ? 3 : 4).v));
    }
  }

  static int tableSwitch(int k) {
    switch (k) {
      case 0: return 10;
      case 1: return 11;
      case 2: return 12;
      case 3: return 13;
      case 5: return 15;
      default: return -1;
    }
  }

  static int lookupSwitch(int k) {
    switch (k) {
      case -100000: return 1;
      case 7: return 2;
      case 1000: return 3;
      case 123456789: return 4;
      default: return 0;
    }
  }

  static int stringSwitch(String s) {
    switch (s) {
      case "alpha": return 1;
      case "beta": return 2;
      case "Aa":
      case "BB": return 3;
      default: return -1;
    }
  }

  static int enumSwitch(Color c) {
    switch (c) {
      case RED: return 1;
      case GREEN: return 2;
      default: return 3;
    }
  }

  static String tryCatchFinally(int k) {
    StringBuilder sb = new StringBuilder();
    try {
      sb.append('a');
      if (k == 1) throw new IllegalStateException("one");
      if (k == 2) throw new IllegalArgumentException("two");
      if (k == 3) return sb.append("ret").toString();
      sb.append(10 / (k - 4));
    } catch (IllegalStateException | IllegalArgumentException e) {
      sb.append(e.getMessage());
    } catch (ArithmeticException e) {
      sb.append("arith");
    } finally {
      sb.append('f');
    }
    return sb.toString();
  }

  static long longsAndDoubles(int n) {
    long acc = 1L;
    double d = 0.5;
    float f = 1.25f;
    for (int i = 0; i < n; i++) {
      long t = acc * 31 + i;
      acc = t ^ (t >>> 7);
      d = d * 1.5 + (i % 2 == 0 ? 1.0 : -0.25);
      f += (float) d;
    }
    int i = (int) (d * 1000);
    return acc + i + (long) f + (d > 10 ? 1 : 0);
  }

  static int nestedLoops(int[][] grid) {
    int sum = 0;
    outer:
    for (int[] row : grid) {
      for (int v : row) {
        if (v < 0) continue outer;
        if (v > 100) break outer;
        sum += v;
      }
    }
    int k = 0;
    do {
      k += 3;
    } while (k < 20);
    int w = 0;
    while (w < 5) w++;
    return sum + k + w;
  }

  static int arrays() {
    int[][][] cube = new int[3][4][5];
    cube[1][2][3] = 7;
    long[] ls = {1L, 2L, 3L};
    double[] ds = new double[2];
    ds[1] = ls[2] * 1.5;
    char[] cs = "hey".toCharArray();
    byte[] bs = {1, -2, 3};
    short[] ss = {300, -300};
    boolean[] zs = new boolean[3];
    zs[2] = true;
    String[][] strs = new String[2][];
    strs[1] = new String[] {"a", "b"};
    Object[] objs = strs;
    return cube[1][2][3] + (int) ds[1] + cs[1] + bs[1] + ss[0] + (zs[2] ? 1 : 0) + strs[1][1].length() + objs.length;
  }

  static int constants() {
    int a = -1 + 0 + 1 + 2 + 3 + 4 + 5;
    int b = 100 + -100;
    int c = 30000 + -30000;
    int d = 1_000_000;
    long e = 0L + 1L + 1_000_000_000_000L;
    float f = 0f + 1f + 2f + 3.5f;
    double g = 0d + 1d + 2.5d;
    String s = "const";
    Class<?> k = Samples.class;
    return a + b + c + d + (int) (e % 1000) + (int) f + (int) g + s.length() + k.getSimpleName().length();
  }

  static int lambdas(int x) {
    IntBinaryOperator op = (p, q) -> p * q + x;
    Supplier<List<String>> sup = ArrayList::new;
    List<String> l = sup.get();
    l.add("z" + x + 'c' + 1.5 + true);
    return op.applyAsInt(3, 4) + l.get(0).length();
  }

  private static final Object LOCK = new Object();
  private static int counter;

  static int synced(int n) {
    synchronized (LOCK) {
      for (int i = 0; i < n; i++) counter += i;
      return counter;
    }
  }

  static String patterns(Object o) {
    if (o instanceof String s && s.length() > 2) return "str:" + s;
    if (o instanceof Integer i) return "int:" + (i + 1);
    @Nn String t = (@Nn String) String.valueOf(o);
    return "other:" + t;
  }

  static int ternaryChain(int a, int b, boolean c) {
    int r = c ? (a > b ? a : b) : (a < b ? a : b);
    r += a == b ? 1 : a != b && c ? 2 : 3;
    Object o = c ? "s" : Integer.valueOf(1);
    return r + o.hashCode() % 7;
  }

  static int dupForms() {
    long[] la = {5L};
    int[] ia = {6};
    long x = la[0]++;
    int y = ia[0]++;
    long z = (la[0] += 10);
    double[] da = {1.0};
    double w = (da[0] *= 3);
    return (int) (x + y + z + w + la[0] + ia[0]);
  }

  static int exceptionsNested() {
    int r = 0;
    for (int i = 0; i < 4; i++) {
      try {
        try {
          if (i % 2 == 0) throw new RuntimeException("x" + i);
          r += 1;
        } finally {
          r += 10;
        }
      } catch (RuntimeException e) {
        r += 100 + e.getMessage().length();
      }
    }
    return r;
  }

  public static void main(String[] args) {
    System.out.println(tableSwitch(2) + " " + tableSwitch(4) + " " + tableSwitch(5));
    System.out.println(lookupSwitch(7) + " " + lookupSwitch(123456789) + " " + lookupSwitch(8));
    System.out.println(stringSwitch("beta") + " " + stringSwitch("BB") + " " + stringSwitch("x"));
    System.out.println(enumSwitch(Color.GREEN) + " " + enumSwitch(Color.BLUE));
    for (int k = 0; k < 6; k++) System.out.println(tryCatchFinally(k));
    System.out.println(longsAndDoubles(20));
    System.out.println(nestedLoops(new int[][] {{1, 2}, {-1, 50}, {3, 200, 4}, {9}}));
    System.out.println(arrays());
    System.out.println(constants());
    System.out.println(lambdas(5));
    System.out.println(synced(10));
    System.out.println(patterns("hello") + " " + patterns(41) + " " + patterns(2.5));
    System.out.println(ternaryChain(3, 4, true) + " " + ternaryChain(4, 4, false));
    System.out.println(dupForms());
    System.out.println(exceptionsNested());
    System.out.println(new Derived(5, null).v + " " + new Derived(-3, "s").s + " " + new Derived(true).v + " " + new Derived(false).s);
    assert args.length >= 0 : "never";
  }
}
