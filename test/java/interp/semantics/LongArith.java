// long arithmetic edge cases: overflow, division, shifts, comparisons, conversions.
public class LongArith {
    static long[] VALUES = {0L, 1L, -1L, 2L, -2L, 7L, -7L, 10L, 255L, 256L, 0x7fffffffL, 0x80000000L, -0x80000000L, 0xffffffffL,
        1L << 52, (1L << 53) - 1, 1L << 53, (1L << 53) + 1, -(1L << 53) - 1, 1L << 62, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1,
        0x123456789abcdefL, -0x123456789abcdefL, 9007199254740993L, -9007199254740993L, 6917529027641081856L, 1234567890123456789L};
    static int[] SHIFTS = {0, 1, 31, 32, 33, 52, 53, 63, 64, 65, -1, -63, 127};

    static long h = 1125899906842597L;
    static void mix(long v) { h = 31 * h + v; }

    public static void main(String[] args) {
        for (long a : VALUES) {
            for (long b : VALUES) {
                mix(a + b); mix(a - b); mix(a * b); mix(a & b); mix(a | b); mix(a ^ b);
                mix(Long.compare(a, b)); mix(a < b ? 1 : 0); mix(Long.compareUnsigned(a, b));
                if (b != 0) { mix(a / b); mix(a % b); mix(Long.divideUnsigned(a, b)); mix(Long.remainderUnsigned(a, b)); mix(Math.floorDiv(a, b)); mix(Math.floorMod(a, b)); }
                mix(Math.multiplyHigh(a, b));
            }
            for (int s : SHIFTS) { mix(a << s); mix(a >> s); mix(a >>> s); }
            mix((int) a); mix((short) a); mix((byte) a); mix((char) a);
            mix(Double.doubleToLongBits((double) a)); mix(Float.floatToIntBits((float) a));
            mix(-a); mix(~a); mix(Long.bitCount(a)); mix(Long.numberOfLeadingZeros(a)); mix(Long.numberOfTrailingZeros(a)); mix(Long.reverse(a)); mix(Long.reverseBytes(a)); mix(Long.rotateLeft(a, 13)); mix(Long.highestOneBit(a)); mix(Long.signum(a)); mix(Math.abs(a));
            System.out.println(a + " " + Long.toHexString(a) + " " + Long.toUnsignedString(a) + " " + Long.toString(a, 36) + " " + (double) a + " " + (float) a + " " + (a * 3 + 1) + " " + (a / 3) + " " + (a % 3) + " " + (a >>> 7));
        }
        long x = 1;
        for (int i = 0; i < 100; i++) { x = x * 6364136223846793005L + 1442695040888963407L; mix(x); mix(x >>> 33); mix(x / 1000003); mix(x % 1000003); }
        try { System.out.println(1L / (h - h)); } catch (ArithmeticException e) { System.out.println("ldiv: " + e.getMessage()); }
        try { System.out.println(1L % (h - h)); } catch (ArithmeticException e) { System.out.println("lrem: " + e.getMessage()); }
        System.out.println("MIN/-1 " + (Long.MIN_VALUE / -1L) + " MIN%-1 " + (Long.MIN_VALUE % -1L));
        System.out.println("parse " + Long.parseLong("-9223372036854775808") + " " + Long.parseUnsignedLong("18446744073709551615") + " " + Long.decode("0x7fffffffffffffff"));
        long acc = 0;
        for (long i = -5000; i < 5000; i += 7) acc += i * i * i;
        System.out.println("cubes " + acc);
        System.out.println("hash " + h);
    }
}
