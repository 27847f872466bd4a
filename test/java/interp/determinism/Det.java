/**
 * The same program and input give the same profile (test/unit/interp-determinism.test.ts): a
 * short run that neither reads the clock nor waits with a timeout, with hot methods the JIT
 * compiles and inlines, run while the JDK's Common-Cleaner thread waits with its timeout.
 */
public class Det {
  static int step(int x) {
    return (x & 1) == 0 ? x >>> 1 : 3 * x + 1;
  }

  static int chain(int n) {
    int steps = 0;
    for (int x = n; x != 1; x = step(x)) steps++;
    return steps;
  }

  public static void main(String[] args) {
    int limit = Integer.parseInt(args[0]);
    long sum = 0;
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i < limit; i++) {
      sum += chain(i);
      if (i % 1000 == 0) sb.append(sum % 97).append(' ');
    }
    System.out.println(sum + " " + sb.length());
  }
}
