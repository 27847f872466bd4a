package dis;

/** long/double/float constants, special floats, string escapes, ConstantValue fields. */
public class Constants {
    public static final int I = 123456789;
    public static final long L = 1234567890123L;
    public static final long LMIN = Long.MIN_VALUE;
    public static final float F = 3.25f;
    public static final double D = 2.718281828459045;
    public static final double DNAN = Double.NaN;
    public static final float FINF = Float.NEGATIVE_INFINITY;
    public static final String S = "tab\there \"quoted\" back\\slash \u00e9\u4e2d \uD83D\uDE00 nul\0 end";
    public static final char C = 'x';
    public static final boolean Z = true;
    public static final byte B = -5;
    public static final short SH = 300;
    static volatile transient int vt;
    protected String prot;

    static double doubles(double x) {
        return x * 1.5 + 1e300 - 4.9e-324 + Double.MAX_VALUE + Double.MIN_NORMAL + 0.1 + -0.0 + 1.0 + 0.0 + 100.0;
    }

    static float floats(float x) {
        return x * 1.5f + 1e30f + Float.MIN_VALUE + Float.MAX_VALUE + 0.1f + 2.0f + 1.0f + 0.0f + -0.0f + Float.NaN
            + Float.POSITIVE_INFINITY;
    }

    static long longs(long x) {
        return x + 1L + 0L + 2L + -1L + 1L << 40 + Long.MAX_VALUE + 0xCAFEBABEL;
    }

    static Object[] misc() {
        return new Object[] { String.class, int[].class, Object[][].class, int.class, "a\nb\rc\u0001", 'q', (byte) 3, (short) -4,
            new int[3], new long[2][3], new String[1][], new boolean[2], new char[1], new float[1], new double[1], new byte[1],
            new short[1] };
    }

    static boolean types(Object o) {
        return o instanceof String && ((String) o).isEmpty();
    }

    public native int nativeMethod(long a, double[] b);

    @Deprecated
    public static double strict(double a) { return a / 3; }
}
