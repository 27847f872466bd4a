// A superclass whose static initialiser recurses deeper than the thread's reified stack had
// room for (the lines array is replaced by a longer copy while it runs), then its subclass's
// initialiser, both run by one `new` in main. The subclass's <clinit> belongs under main at the
// `new`'s line, as the superclass's does (transform-clinit.test.ts).
public class ClinitDeep {
    static class Base {
        static final int DEPTH = depth(400);

        static int depth(int n) {
            return n == 0 ? 0 : 1 + depth(n - 1);
        }
    }

    static final class Sub extends Base {
        static final int[] TABLE = fill(256);

        static int[] fill(int n) {
            int[] t = new int[n];
            for (int i = 0; i < n; i++) t[i] = (i * 31 + DEPTH) % 101;
            return t;
        }

        int get(int i) {
            return TABLE[i & 255];
        }
    }

    public static void main(String[] args) {
        Sub s = new Sub();
        int sum = 0;
        for (int i = 0; i < 1000; i++) sum += s.get(i);
        System.out.println(sum);
    }
}
