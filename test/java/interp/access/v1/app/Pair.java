package app;

/** Nestmates whose host (Pair) is never loaded: A calls B's private method. */
public class Pair {
  public static class A {
    public int callB() { return B.secret() + new B().mine; }
  }

  static class B {
    private int mine = 2;
    private static int secret() { return 40; }
  }
}
