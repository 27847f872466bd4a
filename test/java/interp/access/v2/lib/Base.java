package lib;

public abstract class Base {
  abstract int run();
  protected static int helper() { return 10; }
}
