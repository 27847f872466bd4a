// The methods of java.lang.Math that HotSpot computes with its own routines (sin, cos, tan, exp,
// log, log10, pow; tanh and cbrt on JDK 25): a checksum of the raw bits of 10,000 results each,
// and how many differ from StrictMath's. java and HotSpot with the JDK instrumented must agree.
public class MathIntrinsics {
    interface F {
        double f(double x, double y);
    }

    public static void main(String[] args) {
        String[] names = {"sin", "cos", "tan", "exp", "log", "log10", "pow", "tanh", "cbrt"};
        F[] math = {
            (x, y) -> Math.sin(x), (x, y) -> Math.cos(x), (x, y) -> Math.tan(x), (x, y) -> Math.exp(x),
            (x, y) -> Math.log(Math.abs(x)), (x, y) -> Math.log10(Math.abs(x)), (x, y) -> Math.pow(Math.abs(x), y),
            (x, y) -> Math.tanh(x / 8), (x, y) -> Math.cbrt(x),
        };
        F[] strict = {
            (x, y) -> StrictMath.sin(x), (x, y) -> StrictMath.cos(x), (x, y) -> StrictMath.tan(x), (x, y) -> StrictMath.exp(x),
            (x, y) -> StrictMath.log(Math.abs(x)), (x, y) -> StrictMath.log10(Math.abs(x)), (x, y) -> StrictMath.pow(Math.abs(x), y),
            (x, y) -> StrictMath.tanh(x / 8), (x, y) -> StrictMath.cbrt(x),
        };
        for (int k = 0; k < names.length; k++) {
            long seed = 0x9E3779B97F4A7C15L * (k + 1);
            long sum = 0;
            int differ = 0;
            for (int i = 0; i < 10_000; i++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                double x = ((seed >>> 11) * 0x1.0p-53 - 0.5) * 40;
                double y = ((seed >>> 7 & 0xFFFF) / 65536.0 - 0.5) * 8;
                double r = math[k].f(x, y);
                sum = sum * 31 + Double.doubleToRawLongBits(r);
                if (Double.doubleToRawLongBits(r) != Double.doubleToRawLongBits(strict[k].f(x, y))) differ++;
            }
            System.out.println(names[k] + " " + Long.toHexString(sum) + " " + differ);
        }
    }
}
