// Conversions among char, byte, short, int, long, float, double: sign extension, truncation,
// char as unsigned, implicit widening in expressions, compound assignment casts, boxing and
// unboxing with caching (== on Integer in and out of the cache), Character arithmetic.
public class Main {
    static String bits(int v, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = n - 1; i >= 0; i--) sb.append((v >>> i) & 1);
        return sb.toString();
    }

    public static void main(String[] args) {
        int[] values = {0, 1, 127, 128, 255, 256, -1, -128, -129, 32767, 32768, 65535, 65536, 0x12345678, Integer.MIN_VALUE};
        for (int v : values)
            System.out.println(v + ": byte " + (byte) v + " short " + (short) v + " char " + (int) (char) v + " bits " + bits((byte) v, 8) + " long " + (long) v + " float " + (float) v);
        long big = 0x123456789ABCDEFL;
        System.out.println((int) big + " " + (short) big + " " + (byte) big + " " + (char) big + " " + (float) big + " " + (double) big);
        char c = 'A';
        c += 2;
        c++;
        char d = (char) (c + 1);
        int sum = 'a' + 'b';
        System.out.println(c + " " + d + " " + sum + " " + (char) sum + " " + ('a' + 1) + " " + (char) ('a' + 1) + " " + Character.getNumericValue('7') + " " + ('7' - '0'));
        byte bb = (byte) 0xF0;
        System.out.println((bb >> 2) + " " + (bb >>> 2) + " " + ((bb & 0xFF) >>> 2) + " " + (byte) (bb >>> 2) + " " + Byte.toUnsignedInt(bb) + " " + (bb & 0xF));
        short sh = (short) 40000;
        System.out.println(sh + " " + Short.toUnsignedInt(sh) + " " + (sh * 2) + " " + (short) (sh * 2));
        Integer a = 127, b = 127, x = 128, y = 128;
        System.out.println((a == b) + " " + (x == y) + " " + x.equals(y) + " " + (x.intValue() == y));
        Long l1 = 10L;
        Object o = 10;
        System.out.println(l1.equals(10) + " " + l1.equals(10L) + " " + o.getClass().getSimpleName() + " " + new Object[] {(short) 1, 'c', 1.0f}[1].getClass().getSimpleName());
        double dd = 'x';
        float ff = 123456789;
        long ll = (long) 1e19;
        int fromChar = "Zürich".charAt(1);
        System.out.println(dd + " " + ff + " " + ll + " " + fromChar + " " + (byte) fromChar + " " + (char) -1 + (int) (char) -1);
        char[] chars = new char[5];
        for (int i = 0; i < chars.length; i++) chars[i] = (char) ('v' + i * 3);
        System.out.println(new String(chars) + " " + (int) chars[4] + " " + (byte) chars[4]);
        boolean flag = true;
        int fromBool = flag ? 1 : 0;
        Integer boxedNull = null;
        try {
            int unboxed = boxedNull;
            System.out.println(unboxed);
        } catch (NullPointerException e) {
            System.out.println("unboxing null: NPE " + fromBool);
        }
        Object tern = true ? 1 : 2.0;
        Object tern2 = true ? (Object) 1 : 2.0;
        System.out.println(tern + " " + tern2 + " " + (true ? 'a' : 0) + " " + (false ? 'a' : 98) + " " + (true ? null : 0));
    }
}
