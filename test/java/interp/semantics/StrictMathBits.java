// StrictMath (fdlibm) results bit for bit (NaNs compared as NaN: their payload bits are a known
// difference): special values printed one by one, and a hash of
// each function's results over 20000 pseudo-random inputs of several magnitudes.
import java.util.Random;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

public class StrictMathBits {
    static final String[] NAMES = {"sin", "cos", "tan", "asin", "acos", "atan", "exp", "log", "log10", "sqrt", "cbrt", "sinh", "cosh", "tanh", "expm1", "log1p"};
    static final DoubleUnaryOperator[] FNS = {StrictMath::sin, StrictMath::cos, StrictMath::tan, StrictMath::asin, StrictMath::acos, StrictMath::atan, StrictMath::exp, StrictMath::log, StrictMath::log10, StrictMath::sqrt, StrictMath::cbrt, StrictMath::sinh, StrictMath::cosh, StrictMath::tanh, StrictMath::expm1, StrictMath::log1p};
    static final String[] NAMES2 = {"atan2", "pow", "hypot", "IEEEremainder"};
    static final DoubleBinaryOperator[] FNS2 = {StrictMath::atan2, StrictMath::pow, StrictMath::hypot, StrictMath::IEEEremainder};

    public static void main(String[] args) {
        double[] special = {0.0, -0.0, 1, -1, 0.5, 2, 3, 10, 22, 22.5, 700, 709.78, 711, -745.2, 1e-300, Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, Math.PI, Math.PI / 2, 1e300, 1e-20, 3.7252902984e-09};
        for (int f = 0; f < FNS.length; f++) {
            StringBuilder sb = new StringBuilder(NAMES[f]).append(':');
            for (double x : special) sb.append(' ').append(FNS[f].applyAsDouble(x));
            System.out.println(sb);
        }
        for (int f = 0; f < FNS2.length; f++) {
            long h = 0;
            for (double x : special) for (double y : special) h = h * 31 + Double.doubleToLongBits(FNS2[f].applyAsDouble(x, y));
            System.out.println(NAMES2[f] + " special " + h);
        }
        Random r = new Random(2024);
        double[] xs = new double[20000];
        double[] ys = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            switch (i % 5) {
                case 0: xs[i] = r.nextDouble() * 2 - 1; break;
                case 1: xs[i] = (r.nextDouble() - 0.5) * 60; break;
                case 2: xs[i] = (r.nextDouble() - 0.5) * 1500; break;
                case 3: xs[i] = (r.nextDouble() - 0.5) * 1e-6; break;
                default: xs[i] = Double.longBitsToDouble(r.nextLong());
            }
            ys[i] = i % 3 == 0 ? Double.longBitsToDouble(r.nextLong()) : (r.nextDouble() - 0.5) * StrictMath.pow(10, r.nextInt(40) - 20);
        }
        for (int f = 0; f < FNS.length; f++) {
            long h = 0;
            for (double x : xs) h = h * 31 + Double.doubleToLongBits(FNS[f].applyAsDouble(x));
            System.out.println(NAMES[f] + " " + h);
        }
        for (int f = 0; f < FNS2.length; f++) {
            long h = 0;
            for (int i = 0; i < xs.length; i++) h = h * 31 + Double.doubleToLongBits(FNS2[f].applyAsDouble(ys[i], xs[i]));
            System.out.println(NAMES2[f] + " " + h);
        }
    }
}
