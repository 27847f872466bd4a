// String concatenation (invokedynamic makeConcatWithConstants) with every type: primitives
// of each kind, boxed values, null, char arrays (as objects), objects with toString, nested
// concatenation, compound += in loops, constants folded at compile time, and \u0001/\u0002
// characters in constants (the recipe's tag characters).
public class Main {
    static class Thing { @Override public String toString() { return "Thing!"; } }
    static class Weird { @Override public String toString() { return null; } }
    static final String CONST = "const";

    public static void main(String[] args) {
        byte b = -5; short s = 300; char c = 'Z'; int i = -42; long l = 1L << 40; float f = 1.25f; double d = -0.1; boolean z = true;
        System.out.println("b=" + b + " s=" + s + " c=" + c + " i=" + i + " l=" + l + " f=" + f + " d=" + d + " z=" + z);
        System.out.println(b + s + c + i + "|" + b + s + c + i);
        Integer bi = 7; Long bl = null; Character bc = 'q'; Double bd = 2.0;
        System.out.println("boxed " + bi + bl + bc + bd);
        String nul = null;
        Object o = null;
        System.out.println("nulls " + nul + o + null);
        System.out.println("objects " + new Thing() + " " + new Weird() + " " + java.util.List.of(1, 2) + " " + new int[0].getClass().getSimpleName());
        System.out.println(CONST + "-" + CONST + 1 + 2 + (1 + 2) + 'x' + (char) ('x' + 1) + ('x' + 1));
        System.out.println("tags \u0001 and \u0002 in constants " + i + " \u0001" + c + "\u0002");
        String acc = "";
        for (int k = 0; k < 10; k++) acc += k % 3 == 0 ? k : "-";
        acc += 'e';
        acc += 1.5f;
        acc += null;
        System.out.println(acc);
        String many = "a" + 1 + "b" + 2L + "c" + 3.0f + "d" + 4.0 + "e" + '5' + "f" + true + "g" + (byte) 6 + "h" + (short) 7 + "i" + bi + "j" + nul + "k" + new Thing() + "l" + b + s + "m" + c + i + "n" + l + f + d + z;
        System.out.println(many + " " + many.length());
        StringBuilder big = new StringBuilder();
        for (int k = 0; k < 5; k++) big.append(k).append(',');
        System.out.println("x" + big + "y" + big.length());
        char[] chars = {'h', 'i'};
        System.out.println(String.valueOf(chars) + chars.length);
        System.out.println(1 + 2 + "3" + 4 + 5);
        String empty = "";
        System.out.println(empty + empty + "[" + empty + "]" + Double.NaN + Float.NEGATIVE_INFINITY + Long.MIN_VALUE + Integer.MIN_VALUE + Character.MAX_VALUE + Byte.MIN_VALUE);
        String s1 = "hel" + "lo", s2 = "hello", part = "hel";
        String s3 = part + "lo";
        System.out.println((s1 == s2) + " " + (s3 == s2) + " " + (s3.intern() == s2) + " " + s3.equals(s2));
    }
}
