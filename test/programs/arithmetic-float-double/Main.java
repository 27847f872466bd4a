// Floating point edge cases: NaN comparisons and propagation, signed zeros, infinities,
// subnormals, rounding of float vs double, Math.round/floor/ceil/rint at .5, %, casts of
// NaN/Inf to integers (saturation), Float/Double.toString shortest representation,
// compare/equals vs ==, raw bits, ulp, fma, hex literals, strictfp-equivalent results.
public class Main {
    public static void main(String[] args) {
        double nan = Double.NaN, inf = Double.POSITIVE_INFINITY;
        System.out.println((nan == nan) + " " + (nan != nan) + " " + (nan < 1) + " " + Double.isNaN(0.0 / 0.0) + " " + Double.compare(nan, inf) + " " + Double.valueOf(nan).equals(nan));
        System.out.println(0.0 == -0.0);
        System.out.println(Double.compare(0.0, -0.0) + " " + (1 / 0.0) + " " + (1 / -0.0) + " " + Math.min(0.0, -0.0) + " " + Math.max(-0.0f, 0.0f));
        System.out.println(inf - inf + " " + inf * 0 + " " + -inf + " " + (inf > Double.MAX_VALUE) + " " + Double.MAX_VALUE * 2);
        System.out.println(Double.MIN_VALUE + " " + Double.MIN_VALUE / 2 + " " + Double.MIN_NORMAL + " " + Float.MIN_VALUE + " " + Float.MAX_VALUE);
        System.out.println(0.1 + 0.2 + " " + (0.1f + 0.2f) + " " + (float) 0.1 + " " + (double) 0.1f + " " + 1e16 + " " + 1e-5 + " " + 100.0 + " " + 1234567.0f + " " + 1.0e7f);
        for (double d : new double[] {0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999999999999994})
            System.out.println(d + ": round " + Math.round(d) + " rint " + Math.rint(d) + " floor " + Math.floor(d) + " ceil " + Math.ceil(d));
        System.out.println(5.5 % 2 + " " + -5.5 % 2 + " " + 5.5 % -2 + " " + Math.IEEEremainder(5.5, 2) + " " + 1.0 % 0 + " " + Math.floorMod(-7, 3));
        double[] odd = {nan, inf, -inf, 1e20, -1e20, 3.99, -3.99, 2147483647.5, -2147483648.9};
        for (double d : odd) System.out.println(d + " -> int " + (int) d + " long " + (long) d + " char " + (int) (char) d + " short " + (short) d + " byte " + (byte) d + " float " + (float) d);
        System.out.println(Double.doubleToLongBits(-0.0) + " " + Long.toHexString(Double.doubleToRawLongBits(1.5)) + " " + Float.floatToIntBits(1.0f) + " " + Double.longBitsToDouble(0x7ff0000000000000L) + " " + Float.intBitsToFloat(0x3f800001));
        System.out.println(Math.ulp(1.0) + " " + Math.ulp(1e10f) + " " + Math.nextUp(1.0) + " " + Math.nextDown(0.0f) + " " + Math.fma(0.1, 10, -1) + " " + Math.scalb(1.5, 4) + " " + Math.getExponent(1024.0));
        System.out.println(0x1.8p1 + " " + 0x1p-1074 + " " + 1_000.5e-3 + " " + 0f / 0 + " " + (float) 1e40 + " " + (float) 1e-50);
        float f = 16777216f;
        System.out.println((f + 1 == f) + " " + (int) (f + 1) + " " + (16777217 == (int) (float) 16777217) + " " + (long) (double) Long.MAX_VALUE + " " + (double) Long.MAX_VALUE);
        double acc = 0;
        for (int i = 1; i <= 1000; i++) acc += 1.0 / i;
        float facc = 0;
        for (int i = 1; i <= 1000; i++) facc += 1.0f / i;
        System.out.println("harmonic " + acc + " " + facc + " sqrt2 " + Math.sqrt(2) + " " + (float) Math.sqrt(2) + " cbrt " + Math.cbrt(-27));
        System.out.println(Double.toString(1.0 / 3) + " " + Float.toString(1.0f / 3) + " " + Double.toHexString(1.0 / 3) + " " + Double.parseDouble("  -1.25e2 ") + " " + Float.parseFloat("0x1p3"));
        System.out.println(Double.valueOf(-0.0).equals(0.0) + " " + Double.valueOf(0.0).hashCode() + " " + Double.valueOf(-0.0).hashCode() + " " + Float.hashCode(1.5f) + " " + Double.hashCode(nan));
        System.out.println(Math.abs(-0.0) + " " + Math.signum(-3.0) + " " + Math.copySign(2.0, -0.0) + " " + StrictMath.sin(Math.PI) + " " + StrictMath.exp(1) + " " + StrictMath.log(10));
    }
}
