package lib;

/** Every member is public here; v2 narrows them. */
public class Members {
  public static int privField = 1;
  public static int pkgField = 2;
  public static int protField = 3;
  public int protInstField = 4;
  public static int privMethod() { return 5; }
  public static int pkgMethod() { return 6; }
  public static int protMethod() { return 7; }
  public int protInstMethod() { return 8; }
  public static int stillPublic() { return 9; }
  public Members() {}
  public Members(int x) {}
}
