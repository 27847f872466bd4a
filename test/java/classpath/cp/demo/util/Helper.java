package cp.demo.util;

public final class Helper {
  private Helper() {}

  public static String twice(String s) {
    return s + s;
  }
}
