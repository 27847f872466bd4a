import java.util.Random;

/**
 * java.lang.Math bit for bit on many inputs, compactly (test/slow/interp-math-million.test.ts).
 * Usage: MathMillion N            hashes: for each function, one line per chunk of CHUNK inputs,
 *                                 "H function chunk hash nanHash": a hash of every input's and
 *                                 result's raw bits, with every NaN result as one NaN, and a
 *                                 hash of the NaN results' own bits; for the functions HotSpot
 *                                 computes with its own routines (sin cos tan exp log log10
 *                                 pow), also the hash of StrictMath's results ("H S.function")
 *                                 and one line "D function input(s) math strict" for every
 *                                 input where Math's result differs from StrictMath's (not
 *                                 both NaN; all in hex raw bits);
 *        MathMillion N f,g chunk  dump: "function input(s) result" for every input of that chunk.
 * The inputs: edge cases first (special values and their neighbours, multiples of pi/4, exact
 * powers, overflow and underflow limits, subnormals), then seeded random values of several
 * distributions, the same on every JVM (java.util.Random is exact).
 */
public class MathMillion {
  static final int CHUNK = 10_000;
  static final String[] FUNCTIONS = {
    "sin", "cos", "tan", "exp", "log", "log10", "pow",
    "sqrt", "cbrt", "abs", "floor", "ceil", "rint", "round", "signum", "copySign", "min", "max", "fma", "atan2", "hypot",
    "absF", "roundF", "minF", "maxF", "fmaF", "signumF", "copySignF",
  };
  static final String[] OWN = {"sin", "cos", "tan", "exp", "log", "log10", "pow"};

  static double[] xs, ys;
  static final StringBuilder out = new StringBuilder(1 << 16);

  static String hex(double d) {
    return Long.toHexString(Double.doubleToRawLongBits(d));
  }

  static String hexF(float f) {
    return Integer.toHexString(Float.floatToRawIntBits(f));
  }

  static boolean twoArgs(String f) {
    return f.equals("pow") || f.equals("S.pow") || f.equals("copySign") || f.equals("min") || f.equals("max") || f.equals("fma") || f.equals("atan2") || f.equals("hypot")
      || f.equals("minF") || f.equals("maxF") || f.equals("fmaF") || f.equals("copySignF");
  }

  /** The result's raw bits (floats widened), for input i. */
  static long apply(String f, int i) {
    double x = xs[i], y = ys[i];
    float a = (float) x, b = (float) y;
    switch (f) {
      case "sin": return Double.doubleToRawLongBits(Math.sin(x));
      case "cos": return Double.doubleToRawLongBits(Math.cos(x));
      case "tan": return Double.doubleToRawLongBits(Math.tan(x));
      case "exp": return Double.doubleToRawLongBits(Math.exp(x));
      case "log": return Double.doubleToRawLongBits(Math.log(x));
      case "log10": return Double.doubleToRawLongBits(Math.log10(x));
      case "pow": return Double.doubleToRawLongBits(Math.pow(x, y));
      case "sqrt": return Double.doubleToRawLongBits(Math.sqrt(x));
      case "cbrt": return Double.doubleToRawLongBits(Math.cbrt(x));
      case "abs": return Double.doubleToRawLongBits(Math.abs(x));
      case "floor": return Double.doubleToRawLongBits(Math.floor(x));
      case "ceil": return Double.doubleToRawLongBits(Math.ceil(x));
      case "rint": return Double.doubleToRawLongBits(Math.rint(x));
      case "round": return Math.round(x);
      case "signum": return Double.doubleToRawLongBits(Math.signum(x));
      case "copySign": return Double.doubleToRawLongBits(Math.copySign(x, y));
      case "min": return Double.doubleToRawLongBits(Math.min(x, y));
      case "max": return Double.doubleToRawLongBits(Math.max(x, y));
      case "fma": return Double.doubleToRawLongBits(Math.fma(x, y, xs[(i + 1) % xs.length]));
      case "atan2": return Double.doubleToRawLongBits(Math.atan2(x, y));
      case "hypot": return Double.doubleToRawLongBits(Math.hypot(x, y));
      case "absF": return Float.floatToRawIntBits(Math.abs(a));
      case "roundF": return Math.round(a);
      case "minF": return Float.floatToRawIntBits(Math.min(a, b));
      case "maxF": return Float.floatToRawIntBits(Math.max(a, b));
      case "fmaF": return Float.floatToRawIntBits(Math.fma(a, b, (float) xs[(i + 1) % xs.length]));
      case "signumF": return Float.floatToRawIntBits(Math.signum(a));
      case "copySignF": return Float.floatToRawIntBits(Math.copySign(a, b));
      default:
        if (f.startsWith("S.")) return strict(f.substring(2), i);
        throw new IllegalArgumentException(f);
    }
  }

  static long strict(String f, int i) {
    double x = xs[i], y = ys[i];
    switch (f) {
      case "sin": return Double.doubleToRawLongBits(StrictMath.sin(x));
      case "cos": return Double.doubleToRawLongBits(StrictMath.cos(x));
      case "tan": return Double.doubleToRawLongBits(StrictMath.tan(x));
      case "exp": return Double.doubleToRawLongBits(StrictMath.exp(x));
      case "log": return Double.doubleToRawLongBits(StrictMath.log(x));
      case "log10": return Double.doubleToRawLongBits(StrictMath.log10(x));
      case "pow": return Double.doubleToRawLongBits(StrictMath.pow(x, y));
      default: throw new IllegalArgumentException(f);
    }
  }

  static void input(String f, int i) {
    out.append(hex(xs[i]));
    if (twoArgs(f)) out.append(',').append(hex(ys[i]));
    if (f.equals("fma") || f.equals("fmaF")) out.append(',').append(hex(xs[(i + 1) % xs.length]));
  }

  /** The result's bits with every NaN as one (NaNs' own bits are hashed apart). */
  static long canonical(String f, long r) {
    if (f.equals("round") || f.equals("roundF")) return r;
    if (f.endsWith("F")) return Float.isNaN(Float.intBitsToFloat((int) r)) ? 0x7fc00000L : r;
    return Double.isNaN(Double.longBitsToDouble(r)) ? 0x7ff8000000000000L : r;
  }

  static long mix(long h, long v) {
    h ^= v;
    h *= 0x9E3779B97F4A7C15L;
    return h ^ (h >>> 31);
  }

  static void flush() {
    if (out.length() > (1 << 15)) {
      System.out.print(out);
      out.setLength(0);
    }
  }

  public static void main(String[] args) {
    int n = Integer.parseInt(args[0]);
    inputs(n);
    if (args.length == 3) {
      int c = Integer.parseInt(args[2]);
      for (String f : args[1].split(",")) {
        for (int i = c * CHUNK; i < Math.min(n, (c + 1) * CHUNK); i++) {
          out.append(f).append(' ');
          input(f, i);
          out.append(' ').append(Long.toHexString(apply(f, i))).append('\n');
          flush();
        }
      }
    } else {
      for (String f : FUNCTIONS) {
        boolean own = false;
        for (String o : OWN) own |= o.equals(f);
        for (int c = 0; c * CHUNK < n; c++) {
          long h = 0, hn = 0, hs = 0;
          for (int i = c * CHUNK; i < Math.min(n, (c + 1) * CHUNK); i++) {
            long r = apply(f, i);
            long k = canonical(f, r);
            h = mix(mix(h, Double.doubleToLongBits(xs[i])), k); // a NaN input as one NaN too
            if (k != r) hn = mix(mix(hn, i), r);
            if (own) {
              long s = strict(f, i);
              hs = mix(hs, canonical(f, s));
              if (s != r && k != canonical(f, s)) {
                out.append("D ").append(f).append(' ');
                input(f, i);
                out.append(' ').append(Long.toHexString(r)).append(' ').append(Long.toHexString(s)).append('\n');
                flush();
              }
            }
          }
          out.append("H ").append(f).append(' ').append(c).append(' ').append(Long.toHexString(h)).append(' ').append(Long.toHexString(hn)).append('\n');
          if (own) out.append("H S.").append(f).append(' ').append(c).append(' ').append(Long.toHexString(hs)).append(" 0\n");
          flush();
        }
      }
    }
    System.out.print(out);
    System.out.flush();
  }

  static final double[] SPECIAL = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, 10.0, 100.0, 1000.0, 0.1, 0.001, 1e-5, 1e-10, 1e-20, 1e-300, 1e300, -1e300,
    Math.E, Math.PI, -Math.PI, Math.PI / 2, Math.PI / 4, 2 * Math.PI, 0x1.921fb54442d18p200, 1e22, 355.0, 1.0e10, 123456789.0, 7.0e15,
    Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, -Double.MIN_NORMAL,
    Double.MAX_VALUE, -Double.MAX_VALUE, 0x1p1000, 0x1p-1000, 0x1p52, 0x1p53, 0x1p63, 0x1p64, -0x1p63, 0x1p31, -0x1p31, 0x1p24,
    709.782712893384, 709.79, 709.0, -708.39, -708.4, -720.0, -745.1332191019411, -745.14, -744.5, 0.6931471805599453, 2.302585092994046,
    0x1.0p-1022 / 3, 4.9e-324 * 3, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 4503599627370495.5, 1e-7, 1e7, 1e15, 1e16,
    Float.MAX_VALUE, Float.MIN_VALUE, Float.MIN_NORMAL, 0x1p-149, 0x1p127, 0x1p128, 8388607.5, 8388608.5,
  };
  static final double[] SPECIAL_Y = {
    0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 1.0 / 3, -1.0 / 3, 1e10, -1e10, 1e300, 0x1p53, 0x1p53 + 2, 0x1p53 + 1 + 0x1p1, 1023.0, 1024.0, 1075.0,
    -1074.0, -1075.0, 0.1, 2.5, 7.0, -7.0, 0.25, 1.5, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE,
    -Double.MAX_VALUE, Math.PI, 64.0, -64.0, 0x1p31, 0x1p31 + 1, 0x1p63, 0x1p64 + 0x1p12,
  };

  static void inputs(int n) {
    xs = new double[n];
    ys = new double[n];
    int k = 0;
    // Special values with their neighbours, each against special second arguments.
    outer:
    for (double s : SPECIAL) {
      double[] around = {s, Math.nextUp(s), Math.nextDown(s), -s};
      for (double x : around) {
        for (double y : SPECIAL_Y) {
          if (k >= n) break outer;
          xs[k] = x;
          ys[k++] = y;
        }
      }
    }
    Random r = new Random(20261126L);
    // Multiples of pi/4 and pi/2 (argument reduction), with neighbours.
    for (int m = -400; m <= 400 && k + 3 <= n; m++) {
      double x = m * (Math.PI / 4);
      xs[k] = x; ys[k++] = r.nextGaussian() * 4;
      xs[k] = Math.nextUp(x); ys[k++] = m;
      xs[k] = Math.nextDown(x); ys[k++] = -m;
    }
    // Powers of two and ten, integers, and values just around them.
    for (int e = -1074; e <= 1023 && k + 2 <= n; e++) {
      double x = Math.scalb(1.0, e);
      xs[k] = x; ys[k++] = e / 64.0;
      xs[k] = Math.nextUp(x) * (e % 2 == 0 ? 1 : -1); ys[k++] = r.nextInt(64) - 32;
    }
    for (int e = -325; e <= 308 && k < n; e++) {
      xs[k] = Double.parseDouble("1e" + e); ys[k++] = r.nextDouble() * 4 - 2;
    }
    for (int i = -2000; i <= 2000 && k < n; i++) {
      xs[k] = i * 0.5; ys[k++] = i % 41 - 20;
    }
    // Near 1 (log, pow), near the exp limits.
    for (int i = 0; i < 4000 && k < n; i++) {
      xs[k] = 1.0 + (r.nextDouble() - 0.5) * Math.scalb(1.0, -r.nextInt(52));
      ys[k++] = r.nextGaussian() * 1e3;
    }
    for (int i = 0; i < 2000 && k < n; i++) {
      xs[k] = (i % 2 == 0 ? 709.78 : -745.13) + (r.nextDouble() - 0.5) * 2;
      ys[k++] = r.nextDouble();
    }
    // Random values of several distributions.
    while (k < n) {
      double x;
      switch (k % 7) {
        case 0: x = r.nextDouble() * 20 - 10; break;
        case 1: x = r.nextGaussian() * 1e-3; break;
        case 2: x = Math.scalb(r.nextDouble(), r.nextInt(60) - 30) * (r.nextBoolean() ? 1 : -1); break;
        case 3: x = r.nextDouble() * 1400 - 700; break;
        case 4: x = Double.longBitsToDouble(r.nextLong()); break;
        case 5: x = r.nextInt(2_000_001) - 1_000_000 + (r.nextInt(4) / 4.0); break;
        default: x = Math.scalb(r.nextDouble() + 0.5, r.nextInt(40) - 20); break;
      }
      double y;
      switch (k % 5) {
        case 0: y = r.nextInt(40) - 20; break;
        case 1: y = r.nextGaussian() * 8; break;
        case 2: y = Double.longBitsToDouble(r.nextLong()); break;
        case 3: y = (r.nextInt(200) - 100) / 2.0; break;
        default: y = r.nextDouble() * 2 - 1; break;
      }
      xs[k] = x;
      ys[k++] = y;
    }
  }
}
