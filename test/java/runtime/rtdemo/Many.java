package rtdemo;

import komorium.rt.Lifecycle;
import komorium.rt.MID;
import komorium.rt.MIDImpl;
import komorium.rt.TC;

/**
 * Hand-transformed (original, file "Many.java"):
 * <pre>
 * 1 public static void main(String[] args) throws Exception {
 * 2   Thread[] ts = new Thread[6];
 * 3   for (int i = 0; i < ts.length; i++) {
 * 4     ts[i] = new Thread(new Worker(), i % 2 == 0 ? "even" : "odd");
 * 5     ts[i].start();                      // all six run at once and register in a racy order
 * 6   }
 * 7   for (Thread t : ts) t.join();
 * 8 }
 * </pre>
 */
public final class Many {
    static final MID MID_MAIN = MIDImpl.create("rtdemo/Many\0main\0([Ljava/lang/String;)V\0Many.java");

    static void main(String[] args, TC tc, MID[] stack, int sp) throws InterruptedException {
        if (sp >= stack.length) stack = tc.grow(stack, sp);
        stack[sp++] = MID_MAIN;
        K.d(tc, 3);
        Thread[] ts = new Thread[6];
        for (int i = 0; i < ts.length; i++) {
            K.d(tc, 12);
            if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 4);
            ts[i] = new Thread(new Worker(), i % 2 == 0 ? "even" : "odd");
            Lifecycle.startThread(ts[i], tc, stack, sp, 5);
        }
        for (int i = 0; i < ts.length; i++) {
            K.d(tc, 5);
            if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 7);
            tc.callOut(stack, sp, 7);
            ts[i].join();
        }
        K.d(tc, 1);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 8);
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
