import java.util.Random;

/**
 * Math and StrictMath bit for bit: for edge cases and for random inputs with a fixed seed, each
 * line is "section function input(s) result", inputs and result as raw bits in hex. Sections:
 * "edge" (special values, exact cases, huge arguments, subnormals, overflow and underflow
 * limits), "rand" (Math's functions that HotSpot intrinsifies), "strict" (StrictMath, and Math's
 * functions that delegate to it).
 */
public class MathBits {
  static final StringBuilder out = new StringBuilder();

  static void line(String section, String f, double x, double r) {
    out.append(section).append(' ').append(f).append(' ').append(Long.toHexString(Double.doubleToRawLongBits(x))).append(' ').append(Long.toHexString(Double.doubleToRawLongBits(r))).append('\n');
  }

  static void line2(String section, String f, double x, double y, double r) {
    out.append(section).append(' ').append(f).append(' ').append(Long.toHexString(Double.doubleToRawLongBits(x))).append(',').append(Long.toHexString(Double.doubleToRawLongBits(y))).append(' ').append(Long.toHexString(Double.doubleToRawLongBits(r))).append('\n');
  }

  static void intrinsics(String section, double x) {
    line(section, "sin", x, Math.sin(x));
    line(section, "cos", x, Math.cos(x));
    line(section, "tan", x, Math.tan(x));
    line(section, "exp", x, Math.exp(x));
    line(section, "log", x, Math.log(x));
    line(section, "log10", x, Math.log10(x));
  }

  static void strict(double x, double y) {
    line("strict", "S.sin", x, StrictMath.sin(x));
    line("strict", "S.cos", x, StrictMath.cos(x));
    line("strict", "S.tan", x, StrictMath.tan(x));
    line("strict", "S.exp", x, StrictMath.exp(x));
    line("strict", "S.log", x, StrictMath.log(x));
    line("strict", "S.log10", x, StrictMath.log10(x));
    line2("strict", "S.pow", x, y, StrictMath.pow(x, y));
    line("strict", "asin", x, Math.asin(x));
    line("strict", "acos", x, Math.acos(x));
    line("strict", "atan", x, Math.atan(x));
    line("strict", "sinh", x, Math.sinh(x));
    line("strict", "cosh", x, Math.cosh(x));
    line("strict", "tanh", x, Math.tanh(x));
    line("strict", "expm1", x, Math.expm1(x));
    line("strict", "log1p", x, Math.log1p(x));
    line("strict", "cbrt", x, Math.cbrt(x));
    line("strict", "sqrt", x, Math.sqrt(x));
    line2("strict", "atan2", x, y, Math.atan2(x, y));
    line2("strict", "hypot", x, y, Math.hypot(x, y));
    line2("strict", "IEEEremainder", x, y, Math.IEEEremainder(x, y));
  }

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
    double[] edges = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.0, 10.0, 100.0, 1000.0, 1e-5, 0.1, Math.E, Math.PI, Math.PI / 2, Math.PI / 4, -Math.PI, 2 * Math.PI,
      Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE,
      1e-300, 1e300, -1e300, 0x1p1000, 0x1p-1000, 0x1p52, 0x1p53 + 2, 1e22, 355.0, 1.0e10, 123456789.0, 7.0e15, 0x1.921fb54442d18p200,
      709.782712893384, 709.79, 709.0, -708.39, -708.4, -720.0, -745.1332191019411, -745.14, -744.5, 1e-10, -1e-10, 1e-20, 0.9999999999999999, 1.0000000000000002,
      0.6931471805599453, 2.302585092994046, 4.9e-324 * 3, 0x1.0p-1022 / 3};
    for (double x : edges) intrinsics("edge", x);
    double[] ys = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 1.0 / 3, 1e10, -1e10, 1e300, 0x1p53, 0x1p53 + 2, 1023.0, 1075.0, -1074.0, 0.1, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
    double[] xs = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 10.0, -10.0, 0.001, Math.E, 1e-300, 1e300, 1.0000000000000002, 0.9999999999999999, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -3.0, 0.1, 1.5};
    for (double x : xs) for (double y : ys) line2("edge", "pow", x, y, Math.pow(x, y));
    line2("edge", "pow", 0.001, 1.0 / 3, Math.pow(0.001, 1.0 / 3));
    // abs(double) and fma are exact either way, but with HotSpot's NaNs (its intrinsics clear a
    // NaN's sign, and give x86's default NaN for 0 * Infinity); atan2's NaN is fdlibm's x + y.
    double negNaN = Double.longBitsToDouble(0xfff8000000000002L);
    double[] fx = {0.0, -0.0, 1.0, -1.5, 0x1p-1074, 0x1p1023, 0x1p-540, 3.0, 0.1, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, negNaN};
    for (double x : fx) {
      line("edge", "abs", x, Math.abs(x));
      line("edge", "absF", x, Math.abs((float) x));
      for (double y : fx) {
        line2("edge", "atan2", x, y, Math.atan2(x, y));
        line2("edge", "fma", x, y, Math.fma(x, y, 0.25));
        line2("edge", "fma-0", x, y, Math.fma(x, y, -0.0));
        line2("edge", "fmaNaN", x, y, Math.fma(x, y, Double.NaN));
        line2("edge", "fmaInf", x, y, Math.fma(x, y, Double.NEGATIVE_INFINITY));
        line2("edge", "fmaF", x, y, Math.fma((float) x, (float) y, 1f));
      }
    }
    Random fr = new Random(16);
    for (int i = 0; i < 300; i++) {
      double a = Math.scalb(fr.nextDouble() - 0.5, fr.nextInt(100) - 50), b = Math.scalb(fr.nextDouble() - 0.5, fr.nextInt(100) - 50);
      double c = i % 3 == 0 ? -(a * b) : i % 3 == 1 ? Math.scalb(fr.nextDouble(), fr.nextInt(200) - 100) : a * b * 0x1p-53;
      line2("edge", "fma/" + Long.toHexString(Double.doubleToRawLongBits(c)), a, b, Math.fma(a, b, c));
      line2("edge", "fmaF/" + Long.toHexString(Double.doubleToRawLongBits(c)), a, b, Math.fma((float) a, (float) b, (float) c));
      double t = Math.scalb(a, -1000), u = Math.scalb(b, -40);
      line2("edge", "fmaSub/" + Long.toHexString(Double.doubleToRawLongBits(c)), t, u, Math.fma(t, u, Math.scalb(c, -1080)));
      line2("edge", "fmaBig/" + Long.toHexString(Double.doubleToRawLongBits(c)), Math.scalb(a, 1000), Math.scalb(b, 40), Math.fma(Math.scalb(a, 1000), Math.scalb(b, 40), Math.scalb(c, 1000)));
    }
    Random r = new Random(20261125L);
    for (int i = 0; i < n; i++) {
      double x;
      switch (i % 5) {
        case 0: x = r.nextDouble() * 20 - 10; break;
        case 1: x = r.nextGaussian() * 1e-3; break;
        case 2: x = Math.scalb(r.nextDouble(), r.nextInt(60) - 30) * (r.nextBoolean() ? 1 : -1); break;
        case 3: x = r.nextDouble() * 1400 - 700; break;
        default: x = Double.longBitsToDouble(r.nextLong() & 0x7fefffffffffffffL); break;
      }
      intrinsics("rand", x);
      double p = Math.scalb(r.nextDouble() + 0.5, r.nextInt(40) - 20);
      double y = i % 3 == 0 ? r.nextInt(40) - 20 : r.nextGaussian() * 8;
      line2("rand", "pow", p, y, Math.pow(p, y));
      if (i % 4 == 0) strict(x, y);
    }
    System.out.print(out);
  }
}
