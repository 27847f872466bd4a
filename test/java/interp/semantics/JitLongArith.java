// long arithmetic in compiled code: the JIT runs the safe-integer case of each long operation in
// place (numbers up to 2^53) and calls the exact long.ts code for the rest. Every operation is run
// on values around the int, 2^32 and 2^53 boundaries and on zeros whose JS result would be -0
// (observable through (double) and its bits); passes after the first run compiled. constOps: shifts
// by constant amounts (a literal power of two in the compiled code) and long constants (literals
// when safe integers).
public class JitLongArith {
    static final long[] V = {0L, 1L, -1L, 2L, -2L, 3L, -5L, 7L, 255L, 0x7fffffffL, -0x7fffffffL, 0x80000000L, -0x80000000L, -0x80000001L,
        0xffffffffL, 0x100000000L, -0x100000000L, 1L << 40, -(1L << 40), (1L << 52) + 3, (1L << 53) - 1, -(1L << 53) + 1, 1L << 53, -(1L << 53),
        (1L << 53) + 1, 3037000499L, -3037000500L, 94906265L, -94906266L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 0x123456789abcdefL};
    static final int[] S = {0, 1, 2, 13, 31, 32, 33, 52, 53, 63, 64, 65, -1, 127};

    /** v as a double, telling 0 from -0 (no native call, so that it is inlined). */
    static long bits(long v) {
        double d = v;
        return d == 0 ? (1 / d > 0 ? 1 : 2) : (long) (d * 3);
    }

    static long ops(long a, long b, int s) {
        long r = a + b;
        r = r * 31 + (a - b);
        r = r * 31 + bits(a * b);
        r = r * 31 + (a & b) + (a & 1) + (a & 0xffff) + (0x7fffffffL & b);
        r = r * 31 + (a | b);
        r = r * 31 + (a ^ b);
        r = r * 31 + bits(a << s) + (a << s);
        r = r * 31 + bits(a >> s) + (a >> s);
        r = r * 31 + bits(a >>> s) + (a >>> s);
        r = r * 31 + bits(-a);
        r = r * 31 + (int) a + (int) (a * b);
        if (b != 0) {
            r = r * 31 + bits(a / b) + (a / b);
            r = r * 31 + bits(a % b) + (a % b);
        }
        return r;
    }

    static long constOps(long a) {
        long r = (a << 1) + bits(a << 7) + (a << 31) + (a << 52) + bits(a << 63) + (a << 64);
        r = r * 31 + (a >> 1) + bits(a >> 13) + (a >> 32) + (a >> 63) + (a >> 65);
        r = r * 31 + (a >>> 1) + bits(a >>> 3) + (a >>> 40) + (a >>> 63) + (a >>> 0) + (a >>> 127);
        r = r * 31 + a * 1_000_003L + bits(a * -3L) + a % 97L + a / -89L + (a & 0x1fffffffffffffL);
        r = r * 31 + (a + 9007199254740991L) + (a - 9007199254740992L) + a * Long.MAX_VALUE + (a ^ Long.MIN_VALUE);
        return r;
    }

    public static void main(String[] args) {
        for (int pass = 0; pass < 4; pass++) {
            long h = 0;
            for (int i = 0; i < 40; i++) for (long a : V) h = h * 1000003 + constOps(a + i);
            System.out.println("const pass " + pass + " " + h);
        }
        for (int pass = 0; pass < 4; pass++) {
            long h = 0;
            for (long a : V) for (long b : V) for (int s : S) h = h * 1000003 + ops(a, b, s);
            System.out.println("pass " + pass + " " + h);
        }
        try {
            long z = 0;
            for (int i = 0; i < 1000; i++) z += ops(i, 0, i);
            System.out.println(z / (z - z));
        } catch (ArithmeticException e) {
            System.out.println("ldiv: " + e.getMessage());
        }
    }
}
