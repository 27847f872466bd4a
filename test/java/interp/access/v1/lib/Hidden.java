package lib;

/** Public here; package-private in v2 (swapped in after javac compiled app against this). */
public class Hidden {
  public Hidden() {}
  public static int value() { return 1; }
}
