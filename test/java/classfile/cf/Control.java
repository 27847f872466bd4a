package cf;

import java.io.IOException;
import java.io.StringReader;

/** Control flow and constants: string switches, try/finally, loops (StackMapTable frames of
 * every kind), wide locals, long/double constants including NaN and infinities, unusual strings. */
public class Control {
  public static final long BIG = 0x7fffffffffffffffL;
  public static final long NEG = -1234567890123L;
  public static final double NAN = 0.0 / 0.0;
  public static final double NEG_ZERO = -0.0;
  public static final double INF = Double.POSITIVE_INFINITY;
  public static final float FNAN = Float.NaN;
  public static final float FMIN = Float.MIN_VALUE;
  public static final int IMIN = Integer.MIN_VALUE;
  public static final char CH = '\uffff';
  public static final short SH = -32768;
  public static final byte BY = -128;
  public static final boolean BOOL = true;
  public static final String NUL = "a\0b";
  public static final String LONE_HIGH = "x\ud800y";
  public static final String LONE_LOW = "\udc00";
  public static final String EMOJI = "\ud83d\ude00 \u00e9\u0800\u07ff\u0080\u007f";
  public static final String EMPTY = "";

  public static int stringSwitch(String s) {
    switch (s) {
      case "alpha":
        return 1;
      case "beta":
        return 2;
      case "Aa":
      case "BB": // same hashCode as "Aa"
        return 3;
      default:
        return -1;
    }
  }

  public static String tryFinally(String path) throws IOException {
    StringBuilder sb = new StringBuilder();
    StringReader r = new StringReader(path);
    try {
      int c;
      while ((c = r.read()) >= 0) {
        if (c == 'x') continue;
        sb.append((char) c);
      }
    } catch (IllegalStateException | IllegalArgumentException e) {
      sb.append(e);
    } finally {
      r.close();
      sb.append('!');
    }
    try (StringReader r2 = new StringReader(path)) {
      sb.append((char) r2.read());
    }
    return sb.toString();
  }

  public static double mixed(long a, double b, float c, int d) {
    long l = a * 31 + BIG;
    double x = b * NAN + l;
    float f = c + FNAN;
    int[] arr = new int[d > 0 ? d : 1];
    for (int i = 0; i < arr.length; i++) {
      arr[i] = (int) (l >>> i) ^ d;
      if (arr[i] < 0) {
        double y = x;
        x = y + 1;
      } else if (arr[i] == 0) {
        long z = l;
        l = z - 1;
        break;
      }
    }
    synchronized (Control.class) {
      x += f;
    }
    return x + l + (d == 3 ? 1.0E300 : 4.9E-324) + 12345678901L + 3.25f;
  }

  public static int manyLocals(int p) {
    int a0 = p, a1 = a0 + 1, a2 = a1 + 1, a3 = a2 + 1, a4 = a3 + 1, a5 = a4 + 1, a6 = a5 + 1, a7 = a6 + 1;
    long b0 = a7, b1 = b0 * 2, b2 = b1 * 2, b3 = b2 * 2, b4 = b3 * 2, b5 = b4 * 2, b6 = b5 * 2, b7 = b6 * 2;
    double[] big = new double[300];
    int sum = 0;
    for (int i = 0; i < 300; i++) big[i] = i * (double) b7;
    for (double v : big) sum += (int) v;
    int iinc = sum;
    iinc += 1000;
    return sum + a0 + a1 + a2 + a3 + a4 + a5 + a6 + iinc + (int) (b0 + b1 + b2 + b3 + b4 + b5 + b6);
  }

  public static int tableSwitch(int k) {
    switch (k) {
      case 0: return 10;
      case 1: return 11;
      case 2: return 12;
      case 3: return 13;
      case 1000000: return 14;
      default: return 0;
    }
  }

  /** Long straight-line blocks before branch targets and handlers: same_frame_extended (251)
   * and same_locals_1_stack_item_frame_extended (247). */
  public static long extendedFrames(long a, long b) {
    long r = 0;
    if (a > b) {
      r = a * b + a / 3 + b % 7 + (a << 3) + (b >> 2) + (a ^ b) + (a | 5) + (b & 9) + a * 11 + b * 13 + a * 17;
      r += a * 19 + b * 23 + a * 29 + b * 31 + a * 37 + b * 41 + a * 43 + b * 47 + a * 53 + b * 59 + r * 61;
    }
    if (a < b) {
      r = a * b + a / 3 + b % 7 + (a << 3) + (b >> 2) + (a ^ b) + (a | 5) + (b & 9) + a * 11 + b * 13 + a * 17;
      r += a * 19 + b * 23 + a * 29 + b * 31 + a * 37 + b * 41 + a * 43 + b * 47 + a * 53 + b * 59 + r * 61;
    }
    try {
      r = r * a + b / (a - b) + r * 67 + a * 71 + b * 73 + a * 79 + b * 83 + a * 89 + b * 97 + a * 101 + r;
      r += a * 103 + b * 107 + a * 109 + b * 113 + a * 127 + b * 131 + a * 137 + b * 139 + a * 149 + r;
    } catch (ArithmeticException e) {
      r = -1;
    }
    return r;
  }

  public static String concat(String a, int b, double c, Object o) {
    return a + b + c + o + NUL + EMOJI;
  }
}
