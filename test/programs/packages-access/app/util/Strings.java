package app.util;

public final class Strings {
    private static int calls;

    private Strings() {}

    public static String pad(String s, int width, char fill) {
        calls++;
        StringBuilder sb = new StringBuilder(s);
        while (sb.length() < width) sb.append(fill);
        return sb.toString();
    }

    public static String reverse(String s) { calls++; return new StringBuilder(s).reverse().toString(); }

    public static int count() { return calls; }
}
