/**
 * Comparisons of long, float and double in hot loops (the embedded JVM's JIT fuses a compare
 * and the branch after it into one JS comparison): every operator on NaN, signed zeros,
 * infinities and extremes, and on longs beyond 2^53. Each method is run often enough to be
 * compiled; the bit patterns of the results must be HotSpot's.
 */
public class JitCompares {
  static final double[] DOUBLES = {Double.NaN, -0.0, 0.0, 1.0, -1.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 0.1, 9007199254740993.0};
  static final float[] FLOATS = {Float.NaN, -0.0f, 0.0f, 1.0f, -1.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE, 0.1f};
  static final long[] LONGS = {0L, 1L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, 9007199254740992L, 9007199254740993L, -9007199254740993L, 1L << 62, Integer.MAX_VALUE + 1L, Integer.MIN_VALUE - 1L};

  static int doubles(double[] v) {
    int bits = 0;
    for (int i = 0; i < v.length; i++) {
      for (int j = 0; j < v.length; j++) {
        double x = v[i], y = v[j];
        int r = 0;
        if (x < y) r |= 1;
        if (x <= y) r |= 2;
        if (x > y) r |= 4;
        if (x >= y) r |= 8;
        if (x == y) r |= 16;
        if (x != y) r |= 32;
        if (!(x < y)) r |= 64;
        if (!(x > y)) r |= 128;
        bits = bits * 31 + r;
      }
    }
    return bits;
  }

  static int floats(float[] v) {
    int bits = 0;
    for (int i = 0; i < v.length; i++) {
      for (int j = 0; j < v.length; j++) {
        float x = v[i], y = v[j];
        int r = 0;
        if (x < y) r |= 1;
        if (x <= y) r |= 2;
        if (x > y) r |= 4;
        if (x >= y) r |= 8;
        if (x == y) r |= 16;
        if (x != y) r |= 32;
        if (!(x <= y)) r |= 64;
        if (!(x >= y)) r |= 128;
        bits = bits * 31 + r;
      }
    }
    return bits;
  }

  static int longs(long[] v) {
    int bits = 0;
    for (int i = 0; i < v.length; i++) {
      for (int j = 0; j < v.length; j++) {
        long x = v[i], y = v[j];
        int r = 0;
        if (x < y) r |= 1;
        if (x <= y) r |= 2;
        if (x > y) r |= 4;
        if (x >= y) r |= 8;
        if (x == y) r |= 16;
        if (x != y) r |= 32;
        if (x + 1 > y - 1) r |= 64;
        bits = bits * 31 + r;
      }
    }
    return bits;
  }

  /** Long.compare and Double.compare results, used as values (not only in branches). */
  static long values(long[] lv, double[] dv) {
    long h = 0;
    for (long x : lv) for (long y : lv) h = h * 7 + Long.compare(x, y);
    for (double x : dv) for (double y : dv) h = h * 7 + Double.compare(x, y) + (x < y ? 3 : 0);
    return h;
  }

  public static void main(String[] args) {
    int d = 0, f = 0, l = 0;
    long v = 0;
    for (int round = 0; round < 400; round++) {
      d = doubles(DOUBLES);
      f = floats(FLOATS);
      l = longs(LONGS);
      v = values(LONGS, DOUBLES);
    }
    System.out.println("doubles " + Integer.toHexString(d));
    System.out.println("floats " + Integer.toHexString(f));
    System.out.println("longs " + Integer.toHexString(l));
    System.out.println("values " + Long.toHexString(v));
    // One pair at a time, for a readable diff if the checksums differ.
    StringBuilder sb = new StringBuilder();
    for (double x : DOUBLES) sb.append(doubles(new double[] {x, Double.NaN})).append(' ');
    System.out.println(sb);
  }
}
