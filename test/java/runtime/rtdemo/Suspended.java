package rtdemo;

import komorium.rt.MID;
import komorium.rt.MIDImpl;
import komorium.rt.SamplingProfiler;
import komorium.rt.TC;

/**
 * Wrappers entered while a context is suspended (JDK code the agent calls): they run on a
 * scratch segment, and the thread's own segment, lines and pending out-call are as before once
 * the agent returns, also when a wrapper's exit was skipped there. Prints "SUSPENDED OK" or
 * throws. Run with -Dkomorium.agent=rtdemo.Suspended.
 */
public final class Suspended implements SamplingProfiler {
    static final MID A = MIDImpl.create("rtdemo/Suspended\0a\0()V\0Suspended.java");
    static MID[] outer;
    static int[] outerLines;
    static volatile String failure;
    static volatile boolean sampled;

    static void check(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }

    public int register(TC tc) {
        return Integer.MAX_VALUE;
    }

    public int processSample(TC tc, MID[] stack, int sp, int line, long n) {
        try {
            sampled = true;
            int t1 = tc.enter();
            check(tc.entrySp == 0 && tc.entryStack != outer && tc.lines != outerLines, "a suspended wrapper runs on a scratch segment");
            MID[] st = tc.entryStack;
            st[0] = A;
            MID[] big = tc.grow(st, 600);
            check(tc.lines.length > big.length, "scratch lines longer than the grown scratch stack");
            tc.lines[1] = 5;
            int t2 = tc.enter();
            check(tc.entrySp == 0, "nested suspended wrapper at depth 0");
            tc.exit(t2);
            tc.callOut(big, 1, 9); // never continued while suspended
            int t3 = tc.enter();
            check(tc.entrySp == 0 && tc.entryStack != big, "no continuation while suspended");
            tc.exit(t1); // t3's exit skipped
            check(tc.lines == outerLines || tc.lines.length > outerLines.length, "the outer lines are back after the outermost exit");
            tc.exit(t3); // stale
            tc.enter(); // its exit skipped: the end of the suspension restores the segment
        } catch (Throwable e) {
            failure = String.valueOf(e);
        }
        return Integer.MAX_VALUE;
    }

    public void shutdown(TC[] contexts) {
    }

    public static void main(String[] args) {
        TC tc = TC.getTC();
        int t0 = tc.enter();
        outer = tc.entryStack;
        outerLines = tc.lines;
        outer[0] = A;
        tc.callOut(outer, 1, 42);
        tc.triggerSampling(outer, 1, 3);
        check(sampled, "the agent was called");
        check(failure == null, "in the agent: " + failure);
        check(tc.callLine(1) == 42 && tc.calledThroughUninstrumented(1), "the pending out-call's line is intact");
        check(tc.lines.length > 600, "lines longer than any stack handed out");
        int c = tc.enter();
        check(tc.entryStack == outer && tc.entrySp == 1, "the pending out-call is continued after the agent returned");
        tc.exit(c);
        tc.exit(t0);
        System.out.println("SUSPENDED OK");
    }
}
