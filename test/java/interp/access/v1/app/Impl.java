package app;

public class Impl extends lib.Base {
  public int run() { return 11; }
  public int viaHelper() { return helper(); }
}
