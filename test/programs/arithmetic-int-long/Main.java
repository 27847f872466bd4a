// Integer arithmetic: overflow wrapping, MIN_VALUE / -1, negation of MIN_VALUE, division and
// remainder signs, division by zero caught (int and long, / and %), shifts with large and
// negative distances, unsigned operations, Math.*Exact throwing, bit tricks, compound
// assignment narrowing, increment semantics.
public class Main {
    static int zero() { return 0; }

    public static void main(String[] args) {
        int max = Integer.MAX_VALUE, min = Integer.MIN_VALUE;
        System.out.println((max + 1) + " " + (min - 1) + " " + (-min) + " " + (min / -1) + " " + (min % -1) + " " + Math.abs(min) + " " + max * max);
        long lmax = Long.MAX_VALUE, lmin = Long.MIN_VALUE;
        System.out.println((lmax + 1) + " " + (lmin / -1) + " " + (-lmin) + " " + lmax * 3 + " " + (lmin % -1L));
        for (int a : new int[] {7, -7}) for (int b : new int[] {2, -2}) System.out.print(a + "/" + b + "=" + a / b + " " + a + "%" + b + "=" + a % b + "  ");
        System.out.println();
        System.out.println(Math.floorDiv(-7, 2) + " " + Math.floorMod(-7, 2) + " " + Math.floorDiv(7L, -2L) + " " + Math.floorMod(7, -2));
        try {
            System.out.println(5 / zero());
        } catch (ArithmeticException e) {
            System.out.println("int / " + e.getMessage());
        }
        try {
            System.out.println(5 % zero());
        } catch (ArithmeticException e) {
            System.out.println("int % " + e.getMessage());
        }
        try {
            System.out.println(5L / (long) zero());
        } catch (ArithmeticException e) {
            System.out.println("long / " + e.getMessage());
        }
        try {
            long x = 9L;
            x %= zero();
            System.out.println(x);
        } catch (ArithmeticException e) {
            System.out.println("long % " + e.getMessage());
        }
        int one = 1;
        System.out.println((one << 31) + " " + (one << 32) + " " + (one << 33) + " " + (one << -1) + " " + (-16 >> 2) + " " + (-16 >>> 28) + " " + (1L << 63) + " " + (1L << 64) + " " + (-1L >>> 60) + " " + (-1 >>> 0));
        System.out.println(Integer.toUnsignedString(-1) + " " + Integer.divideUnsigned(-1, 3) + " " + Integer.remainderUnsigned(-1, 7) + " " + Long.toUnsignedString(-1L) + " " + Integer.compareUnsigned(-1, 1) + " " + Integer.toUnsignedLong(-2));
        String[] exact = {"addExact", "multiplyExact", "negateExact", "toIntExact", "incrementExact"};
        for (String op : exact) {
            try {
                long r = switch (op) {
                    case "addExact" -> Math.addExact(max, 1);
                    case "multiplyExact" -> Math.multiplyExact(1L << 62, 2L);
                    case "negateExact" -> Math.negateExact(min);
                    case "toIntExact" -> Math.toIntExact(1L << 40);
                    default -> Math.incrementExact(lmax);
                };
                System.out.println(op + " = " + r);
            } catch (ArithmeticException e) {
                System.out.println(op + ": " + e.getMessage());
            }
        }
        System.out.println(Integer.bitCount(0xF0F0) + " " + Integer.highestOneBit(1000) + " " + Integer.numberOfLeadingZeros(1) + " " + Integer.numberOfTrailingZeros(1024) + " " + Integer.reverse(1) + " " + Integer.reverseBytes(0x01020304) + " " + Integer.rotateLeft(0x80000001, 1) + " " + Long.bitCount(-1L) + " " + Integer.signum(-9));
        byte b = 120;
        b += 10;
        short s = 32767;
        s++;
        char c = 65535;
        c++;
        int i = 5;
        i = i++ + ++i;
        int j = 3;
        j += j++ * --j;
        long mixed = 1 + 2L * 3 - 'a' / 2;
        System.out.println(b + " " + s + " " + (int) c + " " + i + " " + j + " " + mixed);
        long h = 1125899906842597L;
        for (int k = 0; k < 100; k++) h = 31 * h + k;
        int ih = 7;
        for (int k = 0; k < 1000; k++) ih = ih * 1103515245 + 12345;
        System.out.println("hash " + h + " lcg " + ih + " " + (ih >>> 16) + " " + (ih ^ (ih >> 7)));
        System.out.println(Integer.MAX_VALUE + 1L + " " + (Integer.MAX_VALUE + 1) + 1L + " " + (char) ('a' + 1) + ('a' + 1) + " " + 07 + 0x1F + 0b1010 + " " + 1_000_000 * 3_000);
    }
}
