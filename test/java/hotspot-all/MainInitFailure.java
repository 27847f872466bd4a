// The main class's initialiser fails (issue 15): java's launcher reports it with JNI's
// ExceptionDescribe, which on HotSpot prints `Exception in thread "main" ` itself and calls
// Throwable.printStackTrace() (Java, counted in start-up); the embedded engine went through
// Thread.dispatchUncaughtException instead (the same text, other Java code).
public class MainInitFailure {
  static final int PORT = Integer.parseInt("80x");

  public static void main(String[] args) {
    System.out.println("never " + PORT);
  }
}
