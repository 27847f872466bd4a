import java.util.Random;

// Math.tanh and Math.cbrt as raw bits, one "x tanh cbrt" line per input: edge cases, then random
// inputs (seeded) over the whole double range, around 1, near 0 and up to 1e6.
public class TanhCbrtBits {
    static final StringBuilder out = new StringBuilder();

    static void line(double x) {
        out.append(Long.toHexString(Double.doubleToRawLongBits(x))).append(' ')
            .append(Long.toHexString(Double.doubleToRawLongBits(Math.tanh(x)))).append(' ')
            .append(Long.toHexString(Double.doubleToRawLongBits(Math.cbrt(x)))).append('\n');
    }

    public static void main(String[] args) {
        double[] edges = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE,
            Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 1, -1, 8, -27, 0.125, 1e-310, 0x1p-1022 / 3, 0x1p-28, 0x1p-20, 0x1.0000000000001p-20,
            0x1p-56, 19, 20, 21.9, 22, 22.5, -22, 1e300, 1e-300, 0.5, 0.55, 2, 3, 64, 1000, 1e15, 0x1p52 + 1};
        out.append("edge\n");
        for (double x : edges) line(x);
        out.append("random\n");
        Random r = new Random(25);
        int n = Integer.parseInt(args[0]);
        for (int i = 0; i < n; i++) {
            switch (i % 4) {
                case 0 -> line(Double.longBitsToDouble(r.nextLong()));
                case 1 -> line((r.nextDouble() - 0.5) * 40);
                case 2 -> line((r.nextDouble() - 0.5) * 1e-3);
                default -> line((r.nextDouble() - 0.5) * 1e6);
            }
        }
        System.out.print(out);
    }
}
