/** Stack traces are cut at MaxJavaStackTraceDepth (1,024 frames), also for an uncaught StackOverflowError. */
public class DeepTraces {
  static int down(int n) {
    if (n == 0) throw new IllegalStateException("bottom");
    return down(n - 1) + 1;
  }

  static int forever(int n) {
    return forever(n + 1) + 1;
  }

  public static void main(String[] args) {
    try {
      down(1500);
    } catch (IllegalStateException e) {
      StackTraceElement[] st = e.getStackTrace();
      System.out.println("deep: " + st.length + " " + st[0] + " " + st[st.length - 1]);
    }
    try {
      down(100);
    } catch (IllegalStateException e) {
      System.out.println("shallow: " + e.getStackTrace().length);
    }
    try {
      forever(0);
    } catch (StackOverflowError e) {
      StackTraceElement[] st = e.getStackTrace();
      System.out.println("overflow: " + st.length + " " + st[st.length - 1].getMethodName());
    }
    forever(0);
  }
}
