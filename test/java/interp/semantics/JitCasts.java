/**
 * checkcast, instanceof and aastore's store check in compiled code, where each site keeps the
 * class (or pair of classes) that last passed: every site is run often enough to be compiled,
 * first with classes that pass, then with one that must fail at the same site (after the cache
 * was filled), then with the first again. Output and exceptions must be HotSpot's.
 */
public class JitCasts {
  interface Shape {
    int area();
  }

  static final class Square implements Shape {
    final int s;

    Square(int s) {
      this.s = s;
    }

    public int area() {
      return s * s;
    }
  }

  static final class Rect implements Shape {
    final int w, h;

    Rect(int w, int h) {
      this.w = w;
      this.h = h;
    }

    public int area() {
      return w * h;
    }
  }

  static final class Blob {}

  static int cast(Object o) {
    return ((Shape) o).area();
  }

  static int castSquare(Object o) {
    return ((Square) o).s;
  }

  static int kind(Object o) {
    return (o instanceof Shape ? 1 : 0) + (o instanceof Square ? 2 : 0) + (o instanceof Comparable ? 4 : 0) + (o instanceof Object[] ? 8 : 0);
  }

  static void store(Object[] a, int i, Object v) {
    a[i] = v;
  }

  static long casts(Object[] objs, int rounds) {
    long h = 0;
    for (int r = 0; r < rounds; r++) {
      for (Object o : objs) {
        h = h * 31 + kind(o);
        if (o == null) continue;
        try {
          h = h * 31 + cast(o);
        } catch (ClassCastException e) {
          h = h * 31 + e.getMessage().length();
        }
        try {
          h = h * 31 + castSquare(o);
        } catch (ClassCastException e) {
          h = h * 31 + 7;
        }
      }
    }
    return h;
  }

  static long stores(int rounds) {
    Object[] objects = new Object[4];
    String[] strings = new String[4];
    Shape[] shapes = new Shape[4];
    Integer[] ints = new Integer[4];
    long h = 0;
    for (int r = 0; r < rounds; r++) {
      Object[][] arrays = {objects, strings, shapes, ints};
      Object[] values = {"s" + r, Integer.valueOf(r), new Square(r), new Rect(r, 2), new Blob(), null};
      for (Object[] a : arrays) {
        for (Object v : values) {
          try {
            store(a, r & 3, v);
            h = h * 31 + 1;
          } catch (ArrayStoreException e) {
            h = h * 31 + e.getMessage().hashCode();
          }
        }
      }
    }
    return h;
  }

  public static void main(String[] args) {
    Object[] passing = {new Square(3), new Rect(2, 5), new Square(4)};
    System.out.println("warm " + casts(passing, 3000));
    Object[] mixed = {new Square(3), "text", new Rect(2, 5), new Blob(), 42, new Object[0], null};
    System.out.println("mixed " + casts(mixed, 500));
    System.out.println("again " + casts(passing, 200));
    System.out.println("stores " + stores(2000));
    try {
      store(new String[1], 0, 1);
    } catch (ArrayStoreException e) {
      System.out.println("ase " + e.getMessage());
    }
  }
}
