package rtdemo;

import komorium.rt.TC;

/**
 * Test helper standing in for the transformer's inline counter update
 * {@code tc.instrCounter -= n}: it does exactly that and also keeps this thread's exact total,
 * which the program prints ("EXPECT <thread> <bytecodes>") so the test can compare it with the
 * profile.
 */
final class K {
    private static final ThreadLocal<long[]> COUNT = new ThreadLocal<long[]>() {
        @Override
        protected long[] initialValue() {
            return new long[1];
        }
    };

    private K() {
    }

    static void d(TC tc, int n) {
        tc.instrCounter -= n;
        COUNT.get()[0] += n;
    }

    static void report() {
        System.out.println("EXPECT " + Thread.currentThread().getName() + " " + COUNT.get()[0]);
        System.out.flush();
    }
}
