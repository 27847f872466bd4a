package lib;

/** v2: no longer public. */
class Hidden {
  public Hidden() {}
  public static int value() { return 1; }
}
