package rtdemo;

import komorium.rt.Lifecycle;
import komorium.rt.MID;
import komorium.rt.MIDImpl;
import komorium.rt.TC;

/**
 * Hand-written transformer output for this original program ("Orig.java", line numbers as
 * below), calling the runtime exactly as docs/RUNTIME.md prescribes:
 *
 * <pre>
 *  1 class Orig {
 *  2   static int sq(int x) {
 *  3     return x * x;                        // leaf: 4 bytecodes
 *  4   }
 *  5   static int sqSum(int from, int to) {
 *  6     int result = 0;                      // 2
 *  7     while (from <= to) {                 // 3, loop header
 *  8       result += sq(from);                // 7, invokes
 *  9       from++;
 * 10     }
 * 11     return result;                       // 2, returns
 * 12   }
 * 13   static int deep(int d, int from, int to) {
 * 14     if (d == 0) { implicit(); return sqSum(from, to); }   // 2, then 6
 * 15     return deep(d - 1, from, to);        // 7
 * 16   }
 * 17   static int work(Integer a, Integer b) { return sqSum(0, (a + b) % 50) - sqSum(0, 3); }  // in Cmp
 * 20   static void sortWork() {
 * 21     java.util.Arrays.sort(data(), new Cmp());   // 5, calls out (uninstrumented JDK)
 * 22   }
 * 40   public static void main(String[] args) {
 * 41     sqSum(1, 30000);
 * 42     deep(300, 1, 20000);
 * 43     sortWork();
 * 44     Thread t = new Thread(new Worker(), "worker"); t.start();
 * 45     t.join();
 * 46     if (args[0].equals("exit")) System.exit(3);
 * 47     if (args[0].equals("throw")) throw new IllegalStateException("boom");
 * 48   }
 * }
 * </pre>
 * {@code implicit()} stands for an implicit callback (a {@code <clinit>} run by the JVM): it
 * calls the wrapper of sqSum without any pending outgoing call, so the runtime must start a
 * fresh stack segment and leave the 301 live frames of deep() intact.
 */
public final class Orig {
    static final MID MID_SQ;
    static final MID MID_SQSUM;
    static final MID MID_DEEP;
    static final MID MID_SORTWORK;
    static final MID MID_MAIN;

    static {
        // At the start of <clinit>, as the transformer emits it.
        MID_SQ = MIDImpl.create("rtdemo/Orig\0sq\0(I)I\0Orig.java");
        MID_SQSUM = MIDImpl.create("rtdemo/Orig\0sqSum\0(II)I\0Orig.java");
        MID_DEEP = MIDImpl.create("rtdemo/Orig\0deep\0(III)I\0Orig.java");
        MID_SORTWORK = MIDImpl.create("rtdemo/Orig\0sortWork\0()V\0Orig.java");
        MID_MAIN = MIDImpl.create("rtdemo/Orig\0main\0([Ljava/lang/String;)V\0Orig.java");
    }

    // ---- sq: a leaf method (paper Section 5.1): no push, triggerSamplingLeaf
    static int sq(int x, TC tc, MID[] stack, int sp) {
        K.d(tc, 4);
        if (tc.instrCounter <= 0) tc.triggerSamplingLeaf(stack, sp, MID_SQ, 3);
        return x * x;
    }

    static int sq(int x) {
        TC tc = TC.getTC();
        int tok = tc.enter();
        try {
            return sq(x, tc, tc.entryStack, tc.entrySp);
        } finally {
            tc.exit(tok);
        }
    }

    // ---- sqSum
    static int sqSum(int from, int to, TC tc, MID[] stack, int sp) {
        if (sp >= stack.length) stack = tc.grow(stack, sp);
        stack[sp++] = MID_SQSUM;
        K.d(tc, 2); // line 6: no check needed (MaxPath)
        int result = 0;
        while (true) {
            K.d(tc, 3);
            if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 7);
            if (from > to) {
                K.d(tc, 2);
                if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 11);
                return result;
            }
            K.d(tc, 7);
            if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 8);
            tc.lines[sp] = 8;
            result += sq(from, tc, stack, sp);
            ++from;
        }
    }

    static int sqSum(int from, int to) {
        TC tc = TC.getTC();
        int tok = tc.enter();
        try {
            return sqSum(from, to, tc, tc.entryStack, tc.entrySp);
        } finally {
            tc.exit(tok);
        }
    }

    // ---- deep: recursion deeper than the initial reified stack
    static int deep(int d, int from, int to, TC tc, MID[] stack, int sp) {
        if (sp >= stack.length) stack = tc.grow(stack, sp);
        stack[sp++] = MID_DEEP;
        K.d(tc, 2);
        if (d == 0) {
            K.d(tc, 6);
            if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 14);
            implicitCallback();
            tc.lines[sp] = 14;
            return sqSum(from, to, tc, stack, sp);
        }
        K.d(tc, 7);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 15);
        tc.lines[sp] = 15;
        return deep(d - 1, from, to, tc, stack, sp);
    }

    /** Like a class initializer the JVM runs: calls a wrapper with no outgoing call pending. */
    static void implicitCallback() {
        sqSum(1, 3000);
    }

    // ---- sortWork: a call into uninstrumented code that calls back (Cmp.compare)
    static void sortWork(TC tc, MID[] stack, int sp) {
        if (sp >= stack.length) stack = tc.grow(stack, sp);
        stack[sp++] = MID_SORTWORK;
        K.d(tc, 5);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 21);
        Integer[] data = data();
        tc.callOut(stack, sp, 21);
        java.util.Arrays.sort(data, new Cmp());
    }

    static Integer[] data() {
        Integer[] a = new Integer[600];
        long x = 12345;
        for (int i = 0; i < a.length; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            a[i] = Integer.valueOf((int) ((x >>> 33) % 1000));
        }
        return a;
    }

    // ---- main
    static void main(String[] args, TC tc, MID[] stack, int sp) throws InterruptedException {
        if (sp >= stack.length) stack = tc.grow(stack, sp);
        stack[sp++] = MID_MAIN;
        K.d(tc, 4);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 41);
        tc.lines[sp] = 41;
        sqSum(1, 30000, tc, stack, sp);
        K.d(tc, 5);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 42);
        tc.lines[sp] = 42;
        deep(300, 1, 20000, tc, stack, sp);
        K.d(tc, 1);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 43);
        tc.lines[sp] = 43;
        sortWork(tc, stack, sp);
        K.d(tc, 9);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 44);
        Thread t = new Thread(new Worker(), "worker");
        Lifecycle.startThread(t, tc, stack, sp, 44);
        K.d(tc, 2);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 45);
        tc.callOut(stack, sp, 45);
        t.join();
        String mode = args.length > 0 ? args[0] : "normal";
        K.d(tc, 6);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 46);
        if (mode.equals("exit")) {
            K.d(tc, 2);
            if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 46);
            K.report();
            tc.callOut(stack, sp, 46);
            System.exit(3);
        }
        K.d(tc, 3);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 47);
        if (mode.equals("throw")) {
            K.d(tc, 5);
            if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 47);
            K.report();
            throw new IllegalStateException("boom");
        }
        K.d(tc, 1);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 48);
    }

    public static void main(String[] args) throws InterruptedException {
        TC tc = TC.getTC();
        int tok = tc.enter();
        try {
            main(args, tc, tc.entryStack, tc.entrySp);
        } finally {
            tc.exit(tok);
        }
        K.report();
    }
}
