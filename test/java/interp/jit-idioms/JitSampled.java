/**
 * An inlined instrumented callee whose sampling call was never made when its caller was
 * compiled (test/unit/interp-jit-idioms.test.ts): `increment` inlines `get` and `set`, and the
 * caller's loop keeps it inlined through thousands of samples taken in it.
 */
public class JitSampled {
    static final class Counter {
        private int v;

        int get() {
            return v;
        }

        void set(int x) {
            v = x;
        }

        void increment() {
            set(get() + 1);
        }
    }

    public static void main(String[] args) {
        Counter[] cs = new Counter[16];
        for (int i = 0; i < cs.length; i++) cs[i] = new Counter();
        long h = 0;
        // main is compiled here, before increment ever ran.
        for (int i = 0; i < 5000; i++) h += i * 7 % 13;
        for (int i = 0; i < 1_200_000; i++) cs[i & 15].increment();
        for (Counter c : cs) h = h * 31 + c.get();
        System.out.println("hash " + h);
        // With --clock virtual, nanoTime is the bytecodes the engine ran (the test compares them
        // with the JIT off: the sampling calls' blocks run by the interpreter count the same).
        if (args.length > 0 && args[0].equals("clock")) System.out.println("clock " + System.nanoTime());
    }
}
