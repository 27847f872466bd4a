package code;

/**
 * Methods whose first forward branch the jump-overflow test pushes 33,000 bytes away (by
 * inserting NOPs right after it), so that branches become goto_w / an inverted condition over
 * a goto_w. main prints deterministic results.
 */
public class Jumps {
  static int loop(int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
      if (i % 3 == 0) s += i;
      else s -= 1;
    }
    return s;
  }

  static long wideStack(long a, boolean c) {
    // A long on the stack across the conditional: the frame after it holds Long + Top.
    return a + (c ? 1L : 2L) * 3;
  }

  static Object uninitialized(int x) {
    // The conditional runs while the new StringBuilder is uninitialized on the stack.
    return new StringBuilder(x > 0 ? "pos" : "neg").append(x);
  }

  static int nullBranch(Object o) {
    if (o == null) return -1;
    return o.toString().length();
  }

  static int tryCatch(int d) {
    try {
      if (d == 0) return 0;
      return 100 / (d - 1);
    } catch (ArithmeticException e) {
      return -2;
    }
  }

  static int switched(int k) {
    if (k < 0) k = -k;
    switch (k % 4) {
      case 0: return 7;
      case 1: return 8;
      case 3: return 9;
      default: return 10;
    }
  }

  public static void main(String[] args) {
    System.out.println(loop(10) + " " + loop(0));
    System.out.println(wideStack(5, true) + " " + wideStack(5, false));
    System.out.println(uninitialized(3) + " " + uninitialized(-3));
    System.out.println(nullBranch(null) + " " + nullBranch("abc"));
    System.out.println(tryCatch(0) + " " + tryCatch(1) + " " + tryCatch(3));
    System.out.println(switched(-5) + " " + switched(6) + " " + switched(8));
  }
}
