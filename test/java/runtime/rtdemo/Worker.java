package rtdemo;

import komorium.rt.Lifecycle;
import komorium.rt.MID;
import komorium.rt.MIDImpl;
import komorium.rt.TC;

/**
 * Hand-transformed Runnable (original, file "Worker.java"):
 * <pre>
 * 30 public void run() {
 * 31   Orig.sqSum(1, 20000);     // 3, invokes
 * 32 }                           // 1, returns
 * </pre>
 * The thread is started by Orig.main through Lifecycle.startThread, so the run() wrapper continues
 * main's reified stack at the start() call (line 44).
 */
final class Worker implements Runnable {
    static final MID MID_RUN = MIDImpl.create("rtdemo/Worker\0run\0()V\0Worker.java");

    void run(TC tc, MID[] stack, int sp) {
        if (sp >= stack.length) stack = tc.grow(stack, sp);
        stack[sp++] = MID_RUN;
        K.d(tc, 3);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 31);
        tc.lines[sp] = 31;
        Orig.sqSum(1, 20000, tc, stack, sp);
        K.d(tc, 1);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 32);
    }

    public void run() {
        TC tc = TC.getTC();
        int tok = tc.enter();
        try {
            run(tc, tc.entryStack, tc.entrySp);
        } finally {
            tc.exit(tok);
        }
        K.report();
    }
}
