// A static method whose first call initialises its class (the invokestatic is the class's
// initialisation site); the <clinit> calls further methods, then the method does more work.
// The work after the initialisation belongs to the callee's frame (Util.work), under main at
// the call's line, and only build's to Util.<clinit> (transform-clinit.test.ts).
public class ClinitCallee {
    static final class Util {
        static final int[] TABLE = build(64);

        static int[] build(int n) {
            int[] t = new int[n];
            for (int i = 0; i < n; i++) t[i] = square(i) % 97;
            return t;
        }

        static int square(int i) {
            return i * i + 1;
        }

        static int work(int n) {
            int s = 0;
            for (int i = 0; i < n; i++) s += TABLE[i & 63] ^ square(i);
            return s;
        }
    }

    public static void main(String[] args) {
        System.out.println(Util.work(2000));
        System.out.println(Util.work(10));
    }
}
