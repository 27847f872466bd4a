import java.util.Locale;

// String.format and printf: widths, precision, flags (-, 0, +, space, comma, #, parentheses),
// conversions %d %x %o %e %g %f %a %s %S %c %b %h %n %%, argument indices, BigDecimal and
// BigInteger arguments, Locale-specific grouping, and format errors caught.
public class Main {
    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        System.out.printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%,d] [%(d]%n", 42, 42, 42, 42, 42, 1234567, -99);
        System.out.printf("[%x] [%X] [%#x] [%o] [%#o] [%08X]%n", 255, 255, 255, 8, 8, -1);
        System.out.printf("[%.3f] [%10.2f] [%-10.1f] [%e] [%.2E] [%g] [%a]%n", Math.PI, Math.E, -1.05, 12345.678, 0.000123, 0.0001, 1.0);
        System.out.printf("[%s] [%10s] [%-10s] [%.3s] [%S] [%c] [%C] [%b] [%B]%n", "str", "right", "left", "truncate", "upper", 'x', 'y', null, "nonnull");
        System.out.printf("%2$s %1$s %2$s %<s%n", "world", "hello");
        System.out.printf("100%% %n");
        System.out.println(String.format("%h %h", "hi", 17));
        System.out.println(String.format("%,.2f | %.0f | %.0f | %.1f | %f", 1234567.891, 0.5, 1.5, 0.05, Double.NaN));
        System.out.println(String.format("%10.4e|%-12s|%012.3f|%+.1e", 6.02214076e23, "x", -3.14159, -0.0));
        System.out.println(String.format("%s %s %.5s %d", new java.math.BigDecimal("123.4500"), new java.math.BigInteger("123456789012345678901234567890"), new StringBuilder("builder"), new java.math.BigInteger("-12345678901234567890")));
        System.out.println(String.format("%.3f %10.1f %e", new java.math.BigDecimal("2.0005"), new java.math.BigDecimal("-99.95"), new java.math.BigDecimal("1E-10")));
        System.out.println(String.format(Locale.GERMANY, "%,.2f %,d", 1234567.891, 9876543));
        System.out.println(String.format(Locale.US, "%tY-%<tm-%<td", new java.util.GregorianCalendar(2024, 1, 29)));
        System.out.println(String.format("%d %d %d %d", (byte) -1, (short) -1, -1L, Long.MIN_VALUE) + String.format(" %x %x", (byte) -1, -1L));
        System.out.println(String.format("%-6b|%6c|%s", true, 65, (Object) null));
        String[] bad = {"%d", "%.2d", "%q", "%5", "%-d"};
        for (String fmt : bad) {
            try {
                System.out.println(String.format(fmt, "text"));
            } catch (java.util.IllegalFormatException e) {
                System.out.println(fmt + " -> " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        try {
            String.format("%s %s", "only one");
        } catch (java.util.MissingFormatArgumentException e) {
            System.out.println("missing: " + e.getMessage());
        }
        System.out.println("formatted: " + "%s=%d".formatted("k", 5) + " " + String.join(",", String.format("%3s", "a"), String.format("%-3s", "b")) + ".");
    }
}
