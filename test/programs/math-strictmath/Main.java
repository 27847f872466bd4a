// Math and StrictMath: trigonometry, exponentials and logarithms (StrictMath results are
// bit-for-bit specified; Math results printed only through rounding where they may differ by
// an ulp), hypot, atan2 quadrants, pow edge cases, floorDiv/Mod, clamp-like min/max,
// toRadians, exact integer ops, random-free.
public class Main {
    static String r(double d) { return String.format("%.9f", d); }

    public static void main(String[] args) {
        double[] xs = {0, 0.5, 1, Math.PI / 6, Math.PI / 4, Math.PI, 10, -2.5};
        for (double x : xs)
            System.out.println(x + ": sin " + StrictMath.sin(x) + " cos " + StrictMath.cos(x) + " tan " + StrictMath.tan(x) + " exp " + StrictMath.exp(x) + " | " + r(Math.sin(x)) + " " + r(Math.exp(x)));
        for (double x : new double[] {1, 2, Math.E, 10, 1000, 0.001, 0, -1})
            System.out.println("log(" + x + ") " + StrictMath.log(x) + " log10 " + StrictMath.log10(x) + " log1p " + StrictMath.log1p(x) + " sqrt " + StrictMath.sqrt(x) + " cbrt " + StrictMath.cbrt(x));
        System.out.println(StrictMath.asin(1) + " " + StrictMath.acos(-1) + " " + StrictMath.atan(1) + " " + StrictMath.sinh(1) + " " + StrictMath.cosh(1) + " " + StrictMath.tanh(20) + " " + StrictMath.expm1(1e-10));
        double[][] pts = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}, {0, -0.0}, {-0.0, -1}, {0.0, 0.0}, {-0.0, 0.0}, {0.0, -0.0}};
        for (double[] p : pts) System.out.print(StrictMath.atan2(p[0], p[1]) + " ");
        System.out.println();
        System.out.println(StrictMath.hypot(3, 4) + " " + StrictMath.hypot(1e200, 1e200) + " " + StrictMath.hypot(Double.NaN, Double.POSITIVE_INFINITY));
        double[][] pw = {{2, 10}, {2, -1}, {0, 0}, {Double.NaN, 0}, {-8, 1.0 / 3}, {-2, 3}, {0, -1}, {-0.0, -1}, {1, Double.NaN}, {Double.POSITIVE_INFINITY, -2}, {10, 308}, {10, 309}};
        for (double[] p : pw) System.out.print(StrictMath.pow(p[0], p[1]) + " ");
        System.out.println();
        System.out.println(Math.pow(2, 0.5) + " " + Math.sqrt(2) + " " + Math.toRadians(180) + " " + Math.toDegrees(Math.PI / 3) + " " + StrictMath.toDegrees(1));
        System.out.println(Math.max(Integer.MIN_VALUE, -5) + " " + Math.min(-0.0, 0.0) + " " + Math.max(Double.NaN, 1) + " " + Math.min(Float.NaN, 1f) + " " + Math.abs(Integer.MIN_VALUE) + " " + Math.absExact(-5));
        System.out.println(Math.floorDiv(-13, 4) + " " + Math.floorMod(-13, 4) + " " + Math.floorMod(13, -4) + " " + (-13 / 4) + " " + (-13 % 4) + " " + Math.floorMod(-13L, 4));
        System.out.println(Math.round(2.5f) + " " + Math.round(-2.5f) + " " + Math.round(Long.MAX_VALUE * 2.0) + " " + Math.round(Float.NaN) + " " + Math.rint(-0.5) + " " + Math.ceil(-0.2) + " " + Math.floor(-0.0));
        System.out.println(StrictMath.IEEEremainder(10, 3) + " " + StrictMath.IEEEremainder(11, 3) + " " + Math.signum(-0.0) + " " + Math.ulp(Double.MAX_VALUE) + " " + Math.nextAfter(1.0f, 2.0) + " " + Math.multiplyHigh(Long.MAX_VALUE, 3L));
        double area = 0;
        int n = 1000;
        for (int i = 0; i < n; i++) { double x0 = (double) i / n, x1 = (double) (i + 1) / n; area += (StrictMath.sqrt(1 - x0 * x0) + StrictMath.sqrt(1 - x1 * x1)) / 2 / n; }
        System.out.println("quarter circle area*4 " + area * 4 + " " + Math.E + " " + Math.PI);
    }
}
