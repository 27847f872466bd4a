// int/short/byte/char arithmetic: wrap-around, division by zero, shifts, narrowing, iinc.
public class IntArith {
    static int[] VALUES = {0, 1, -1, 2, -2, 3, 7, -7, 100, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, 65535, 65536, 0x7fffffff, 0x80000000, 0x7ffffffe, 0x80000001, 123456789, -987654321};
    static int h = 17;
    static void mix(int v) { h = h * 31 + v; }

    public static void main(String[] args) {
        for (int a : VALUES) {
            for (int b : VALUES) {
                mix(a + b); mix(a - b); mix(a * b); mix(a & b); mix(a | b); mix(a ^ b); mix(Integer.compare(a, b)); mix(Integer.compareUnsigned(a, b));
                if (b != 0) { mix(a / b); mix(a % b); mix(Integer.divideUnsigned(a, b)); mix(Integer.remainderUnsigned(a, b)); mix(Math.floorDiv(a, b)); mix(Math.floorMod(a, b)); }
                mix(a << b); mix(a >> b); mix(a >>> b);
            }
            byte bb = (byte) a; short ss = (short) a; char cc = (char) a;
            bb += 200; ss *= 3; cc -= 70000;
            mix(bb); mix(ss); mix(cc);
            int i = a; i += 100000; i++; i -= 3;
            mix(i);
            System.out.println(a + " " + Integer.toHexString(a) + " " + Integer.toBinaryString(a & 0xff) + " " + (byte) a + " " + (short) a + " " + (int) (char) a + " " + (-a) + " " + (a * a) + " " + Math.abs(a) + " " + Integer.reverse(a) + " " + Integer.toUnsignedString(a));
        }
        int zero = h - h;
        try { System.out.println(1 / zero); } catch (ArithmeticException e) { System.out.println("idiv: " + e.getMessage()); }
        try { System.out.println(1 % zero); } catch (ArithmeticException e) { System.out.println("irem: " + e.getMessage()); }
        System.out.println("MIN/-1 " + (Integer.MIN_VALUE / -1) + " MIN%-1 " + (Integer.MIN_VALUE % -1));
        System.out.println("float div by zero " + (1.0f / zero) + " " + (0.0 / zero) + " " + (-1.0 / zero) + " " + (5.5 % zero));
        char c = 'A';
        c += 1; c++;
        short s = Short.MAX_VALUE;
        s++;
        byte b = Byte.MIN_VALUE;
        b--;
        System.out.println(c + " " + s + " " + b + " " + (char) 0x1F600 + " " + (int) Character.MAX_VALUE);
        int big = 0;
        for (int k = 0; k < 300; k++) big += k * 65537;
        System.out.println("wide iinc sum " + big + " hash " + h);
    }
}
