// float/double: rounding to float precision, NaN and signed zero, comparisons, remainders,
// conversions with saturation (f2i, f2l, d2i, d2l), i2f/l2f/l2d rounding, Float/Double bits.
public class FloatDouble {
    static double[] DS = {0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.5, 2.5, -2.5, 3.4028235e38, 1e39, -1e39, 1e308, Double.MAX_VALUE, Double.MIN_VALUE, Double.MIN_NORMAL,
        2147483647.0, 2147483648.0, -2147483649.0, 9.223372036854776E18, -9.223372036854776E18, 1e19, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 123.456, -0.000001, 4503599627370497.5, 1.0000001};
    static float[] FS = {0f, -0f, 1f, -1f, 0.1f, 16777216f, 16777217f, 3.4028235e38f, Float.MIN_VALUE, Float.MIN_NORMAL, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 2.1474836E9f, -2.1474836E9f, 9.223372E18f, 1.17549435E-38f, 123.456f};

    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (double d : DS) {
            sb.append(d).append(' ').append((float) d).append(' ').append((int) d).append(' ').append((long) d).append(' ').append((short) d).append(' ').append((int) (char) d)
              .append(' ').append(Double.doubleToLongBits(d)).append(' ').append(Math.round(d)).append(' ').append(Math.floor(d)).append(' ').append(Math.ceil(d)).append(' ').append(Math.rint(d))
              .append(' ').append(d * 3).append(' ').append(d / 7).append(' ').append(d % 2.5).append(' ').append(-d).append(' ').append(Math.sqrt(d)).append('\n');
            for (double e : DS) {
                sb.append(d < e ? '<' : d > e ? '>' : d == e ? '=' : '?').append(Double.compare(d, e)).append(Math.min(d, e) == 0 ? (1 / Math.min(d, e) > 0 ? "+" : "-") : "").append(d + e).append(',').append(d * e).append(',').append(e != 0 ? d / e : 0).append(',').append(d % e).append(' ');
            }
            sb.append('\n');
        }
        for (float f : FS) {
            sb.append(f).append(' ').append((double) f).append(' ').append((int) f).append(' ').append((long) f).append(' ').append(Float.floatToIntBits(f)).append(' ').append(Float.floatToRawIntBits(f)).append(' ').append(Math.round(f))
              .append(' ').append(f * 3f).append(' ').append(f / 7f).append(' ').append(f % 2.5f).append(' ').append(f + 0.1f).append(' ').append(f * f).append(' ').append(Float.compare(f, 1f)).append('\n');
        }
        int[] is = {0, 1, -1, 16777217, 16777219, 0x7fffffff, 0x80000000, 123456789, -987654321};
        for (int i : is) sb.append((float) i).append(' ').append((double) i).append(' ');
        long[] ls = {0, 1, -1, 9007199254740993L, 9007199254740995L, Long.MAX_VALUE, Long.MIN_VALUE, 0x7fffff8000000001L, 1234567890123456789L, -0x20000020000001L};
        for (long l : ls) sb.append((float) l).append(' ').append((double) l).append(' ');
        sb.append('\n');
        float acc = 0;
        for (int i = 1; i <= 1000; i++) acc += 1f / i;
        double dacc = 0;
        for (int i = 1; i <= 1000; i++) dacc += 1.0 / i;
        sb.append("harmonic ").append(acc).append(' ').append(dacc).append('\n');
        float x = 0.1f;
        float y = x * x * x - x / 3 + 7;
        sb.append("float expr ").append(y).append(' ').append(Float.floatToIntBits(y)).append('\n');
        sb.append(Float.intBitsToFloat(0x7fc00001)).append(' ').append(Float.floatToIntBits(Float.intBitsToFloat(0x7fa00000))).append(' ').append(Double.longBitsToDouble(0x7ff0000000000001L)).append(' ').append(Double.doubleToLongBits(Double.longBitsToDouble(0x7ff8000000000123L))).append('\n');
        sb.append(Double.toHexString(0.1)).append(' ').append(Float.toHexString(0.1f)).append(' ').append(Double.parseDouble("0x1.8p1")).append(' ').append(Float.parseFloat("1e-46")).append(' ').append(Double.parseDouble("2.2250738585072012e-308")).append('\n');
        sb.append(Math.fma(0.1, 10, -1)).append(' ').append(StrictMath.pow(2, 0.5)).append(' ').append(Math.ulp(1.0)).append(' ').append(Math.nextUp(1.0f)).append(' ').append(Math.scalb(1.0, -1074)).append(' ').append(Math.getExponent(0.1)).append('\n');
        System.out.print(sb);
    }
}
