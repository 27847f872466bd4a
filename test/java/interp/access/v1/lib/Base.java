package lib;

public abstract class Base {
  public abstract int run();
  public static int helper() { return 10; }
}
