/**
 * Recursive methods in compiled code (test/unit/interp-jit-recursion.test.ts): self-recursion
 * (fib, ack, tak), a small recursive callee of a hot loop (sumTo), mutual recursion (even/odd)
 * and an exception thrown at the bottom of a recursion, whose stack trace must be HotSpot's;
 * recursion thousands of frames deep (compiled frames calling each other as JS functions as
 * far as the JS stack allows, jit/js-stack.ts), down to a StackOverflowError.
 */
public final class JitRecursion {
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

  static int sumTo(int n) {
    return n == 0 ? 0 : n + sumTo(n - 1);
  }

  static boolean even(int n) {
    return n == 0 || odd(n - 1);
  }

  static boolean odd(int n) {
    return n != 0 && even(n - 1);
  }

  static int down(int n) {
    if (n == 0) throw new IllegalStateException("bottom");
    return down(n - 1) + 1;
  }

  public static void main(String[] args) {
    System.out.println("fib " + fib(22));
    System.out.println("ack " + ack(2, 300) + " " + ack(3, 4));
    System.out.println("tak " + tak(14, 8, 2));
    long s = 0;
    int evens = 0;
    for (int i = 0; i < 3000; i++) {
      s += sumTo(i % 40);
      if (even(i % 30)) evens++;
    }
    System.out.println("sums " + s + " evens " + evens);
    int caught = 0;
    for (int i = 0; i < 600; i++) {
      try {
        down(i % 12);
      } catch (IllegalStateException e) {
        caught++;
        if (i % 200 == 11) {
          StackTraceElement[] st = e.getStackTrace();
          System.out.println("trace " + st.length + " " + st[0] + " " + st[st.length - 1]);
        }
      }
    }
    System.out.println("caught " + caught);
    System.out.println("deep ack " + ack(2, 1500) + " sum " + sumTo(5000));
    try {
      down(3000);
    } catch (IllegalStateException e) {
      StackTraceElement[] st = e.getStackTrace();
      System.out.println("deep trace " + st.length + " " + st[0] + " " + st[st.length - 1]);
    }
    try {
      System.out.println("no overflow " + sumTo(10_000_000));
    } catch (StackOverflowError e) {
      System.out.println("overflow");
    }
    System.out.println("after overflow " + ack(2, 1000));
  }
}
