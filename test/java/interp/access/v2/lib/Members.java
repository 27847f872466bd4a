package lib;

/** v2: the same members, narrowed. */
public class Members {
  private static int privField = 1;
  static int pkgField = 2;
  protected static int protField = 3;
  protected int protInstField = 4;
  private static int privMethod() { return 5; }
  static int pkgMethod() { return 6; }
  protected static int protMethod() { return 7; }
  protected int protInstMethod() { return 8; }
  public static int stillPublic() { return 9; }
  public Members() {}
  private Members(int x) {}
}
