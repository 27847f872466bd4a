import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

// BigDecimal: exact decimal arithmetic vs double, scale and precision, every RoundingMode,
// division with and without MathContext (non-terminating exception), equals vs compareTo,
// stripTrailingZeros, toPlainString/toEngineeringString/toString with exponents, setScale,
// BigDecimal.valueOf(double) vs new BigDecimal(double), compound interest.
public class Main {
    public static void main(String[] args) {
        System.out.println(0.1 + 0.2 + " vs " + new BigDecimal("0.1").add(new BigDecimal("0.2")));
        System.out.println(new BigDecimal(0.1) + "\n" + BigDecimal.valueOf(0.1) + " " + BigDecimal.valueOf(100L, 3) + " " + BigDecimal.valueOf(1e10));
        BigDecimal x = new BigDecimal("123.4500");
        System.out.println(x.scale() + " " + x.precision() + " " + x.unscaledValue() + " " + x.stripTrailingZeros() + " " + x.stripTrailingZeros().scale() + " " + new BigDecimal("1E+3").toPlainString() + " " + new BigDecimal("100").stripTrailingZeros());
        for (RoundingMode rm : RoundingMode.values()) {
            if (rm == RoundingMode.UNNECESSARY) continue;
            StringBuilder sb = new StringBuilder(rm + ":");
            for (String v : new String[] {"5.5", "2.5", "1.6", "1.1", "1.0", "-1.0", "-1.1", "-1.6", "-2.5", "-5.5"}) sb.append(' ').append(new BigDecimal(v).setScale(0, rm));
            System.out.println(sb);
        }
        try {
            new BigDecimal("1.25").setScale(1, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            System.out.println(e.getMessage());
        }
        try {
            BigDecimal.ONE.divide(new BigDecimal(3));
        } catch (ArithmeticException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(BigDecimal.ONE.divide(new BigDecimal(3), MathContext.DECIMAL64) + " " + BigDecimal.ONE.divide(new BigDecimal(8)) + " " + BigDecimal.TEN.divide(new BigDecimal(3), 5, RoundingMode.HALF_EVEN) + " " + new BigDecimal("7").divideToIntegralValue(new BigDecimal("2")) + " " + new BigDecimal("7.5").remainder(new BigDecimal("2")));
        BigDecimal two = new BigDecimal("2.0"), twoB = new BigDecimal("2.00");
        System.out.println(two.equals(twoB) + " " + two.compareTo(twoB) + " " + (two.hashCode() == twoB.hashCode()) + " " + new java.util.HashSet<>(java.util.List.of(two, twoB)).size() + " " + new java.util.TreeSet<>(java.util.List.of(two, twoB)).size());
        BigDecimal big = new BigDecimal("12345678901234567890.123456789");
        System.out.println(big.multiply(big) + " " + big.round(new MathContext(5)) + " " + big.round(new MathContext(5)).toPlainString() + " " + new BigDecimal("1.2E-7").toString() + " " + new BigDecimal("123E5").toEngineeringString());
        BigDecimal principal = new BigDecimal("10000.00"), rate = new BigDecimal("0.0425");
        BigDecimal amount = principal;
        for (int year = 1; year <= 10; year++) amount = amount.multiply(BigDecimal.ONE.add(rate)).setScale(2, RoundingMode.HALF_UP);
        System.out.println("after 10 years " + amount + " interest " + amount.subtract(principal));
        System.out.println(new BigDecimal("2").sqrt(new MathContext(30)) + " " + new BigDecimal("1.5").pow(10) + " " + new BigDecimal("-3.7").abs().negate().plus() + " " + new BigDecimal("9.99").movePointLeft(3) + " " + new BigDecimal("9.99").movePointRight(4));
        System.out.println(new BigDecimal("123.999").intValue() + " " + new BigDecimal("1e400").doubleValue() + " " + new BigDecimal("0.1").floatValue() + " " + new BigDecimal("-0.00").signum() + " " + BigDecimal.ZERO.equals(new BigDecimal("0.00")) + " " + new BigDecimal("1234.5").toBigInteger());
        try {
            new BigDecimal("12.5").intValueExact();
        } catch (ArithmeticException e) {
            System.out.println(e.getMessage());
        }
        BigDecimal sum = BigDecimal.ZERO;
        for (int i = 0; i < 1000; i++) sum = sum.add(new BigDecimal("0.001"));
        System.out.println(sum + " " + sum.compareTo(BigDecimal.ONE) + " " + sum.stripTrailingZeros().toPlainString());
    }
}
