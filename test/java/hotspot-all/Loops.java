// Loops, arithmetic and printing (issue 15): with the JDK instrumented HotSpot and the embedded
// engine count the same bytecodes under main (Integer/Long.toString, StringBuilder, Math,
// PrintStream). The static initialiser resolves what main uses (class loading differs between the
// engines, docs/RUNTIME.md).
public class Loops {
    static {
        StringBuilder w = new StringBuilder().append(Math.floorMod(1, 2)).append(Integer.toHexString(1)).append(Long.toString(1L, 7)).append('c');
        String concat = w.length() + " " + 'c'; // resolves StringConcatFactory
        System.out.print(concat.isEmpty() ? "?" : "");
    }

    static int collatz(long n) {
        int steps = 0;
        while (n != 1) {
            n = (n & 1) == 0 ? n >> 1 : 3 * n + 1;
            steps++;
        }
        return steps;
    }

    public static void main(String[] args) {
        long total = 0;
        int best = 0;
        for (int i = 1; i < 3000; i++) {
            int s = collatz(i);
            total += s;
            if (s > best) best = s;
        }
        System.out.println(total);
        System.out.println(best);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            sb.append(Math.floorMod(i * 7919, 97)).append(',');
            if (i % 60 == 59) {
                System.out.println(sb);
                sb.setLength(0);
            }
        }
        for (int i = 0; i < 20; i++) System.out.println(Integer.toHexString(i * 4099) + ' ' + Long.toString(-i * 1234567891011L, 7));
    }
}
