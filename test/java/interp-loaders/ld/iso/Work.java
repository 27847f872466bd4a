package ld.iso;

public class Work {
  public static long sum(int n) {
    long s = 0;
    for (int i = 0; i < n; i++) s += square(i);
    return s;
  }

  static long square(int i) {
    return (long) i * i;
  }

  public static String guard(RuntimeException e) {
    // The catch type is resolved through this class's loader, which loaded its own Oops
    // before (Loaders.main); the thrown one may be another loader's class of the same name.
    try {
      throw e;
    } catch (Oops o) {
      return "caught as my Oops: " + o.getMessage();
    } catch (RuntimeException r) {
      return "not my Oops: " + r.getMessage();
    }
  }
}
