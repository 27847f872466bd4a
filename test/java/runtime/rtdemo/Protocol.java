package rtdemo;

import komorium.rt.Lifecycle;
import komorium.rt.MID;
import komorium.rt.MIDImpl;
import komorium.rt.TC;

/**
 * Edge cases of the wrapper protocol (docs/RUNTIME.md), checked directly on TC. Prints
 * "PROTOCOL OK" or throws. Run with -Dkomorium.agent=none.
 */
public final class Protocol {
    static final MID A = MIDImpl.create("rtdemo/Protocol\0a\0()V\0Protocol.java");
    static final MID B = MIDImpl.create("rtdemo/Protocol\0b\0()V\0Protocol.java");

    static void check(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }

    public static void main(String[] args) throws Exception {
        TC tc = TC.getTC();
        check(tc == TC.getTC() && tc == TC.current(), "one context per thread");
        int t0 = tc.enter();
        MID[] outer = tc.entryStack;
        check(tc.entrySp == 0, "the first wrapper starts a fresh segment at 0");
        int[] outerLines = tc.lines;
        outer[0] = A;

        // 1. A pending call out at depth 1 is continued, and again after exit.
        tc.callOut(outer, 1, 42);
        check(tc.callLine(1) == 42 && tc.calledThroughUninstrumented(1), "call line of an out-call");
        for (int round = 0; round < 2; round++) {
            int t = tc.enter();
            check(tc.entryStack == outer && tc.entrySp == 1, "continuation " + round);
            check(tc.lines == outerLines, "a continuation keeps the segment's lines");
            // 5. An implicit callback inside it (no new out-call) starts fresh: the record is consumed.
            int ti = tc.enter();
            check(tc.entryStack != outer && tc.entrySp == 0 && tc.lines != outerLines, "implicit callback is fresh");
            tc.exit(ti);
            check(tc.lines == outerLines, "fresh exit restores the lines");
            tc.exit(t);
        }

        // 3. Nested continuations.
        int c1 = tc.enter();
        MID[] s1 = tc.entryStack;
        s1[1] = A;
        tc.callOut(s1, 2, 50);
        int c2 = tc.enter();
        check(tc.entryStack == s1 && tc.entrySp == 2, "nested continuation");
        tc.exit(c2);
        int c3 = tc.enter();
        check(tc.entrySp == 2, "nested continuation again");
        tc.exit(c3);
        tc.exit(c1);
        int c4 = tc.enter();
        check(tc.entryStack == outer && tc.entrySp == 1, "outer record restored after nested levels");
        tc.exit(c4);

        // 2. An ordinary call from depth 0 (positive line at depth 1) cancels the record.
        tc.lines[1] = 7;
        int f = tc.enter();
        check(tc.entrySp == 0 && tc.entryStack != outer, "a cancelled record is not continued");
        tc.exit(f);
        check(tc.callLine(1) == 7 && !tc.calledThroughUninstrumented(1), "positive call line");

        // 4. Skipped exits: exit(outer token) pops the inner levels too.
        tc.callOut(outer, 1, 43);
        int k1 = tc.enter();
        int k2 = tc.enter(); // fresh (record consumed by k1)
        int[] innerLines = tc.lines;
        check(innerLines != outerLines, "inner fresh segment");
        tc.exit(k1);
        check(tc.lines == outerLines, "lines restored across a skipped exit");
        int k3 = tc.enter();
        check(tc.entryStack == outer && tc.entrySp == 1, "record restored across a skipped exit");
        tc.exit(k3);
        tc.exit(k2); // stale token: no effect
        tc.exit(-1);
        tc.exit(99);
        int k4 = tc.enter();
        check(tc.entrySp == 1, "stale tokens change nothing");
        tc.exit(k4);

        // 6./7. Growth: prefix kept, lines always longer than any stack handed out, also after
        // a fresh segment grew and exited.
        int g = tc.enter(); // continuation at 1
        tc.exit(g);
        tc.lines[1] = 8;
        int fr = tc.enter();
        MID[] st = tc.entryStack;
        st[0] = A;
        MID[] big = tc.grow(st, st.length);
        big = tc.grow(big, big.length);
        big = tc.grow(big, 1000);
        check(big.length > 1000 && big[0] == A, "grow keeps the prefix");
        // The same array growing again gets the same copy back, with its current prefix.
        MID[] g1 = tc.grow(st, st.length);
        st[0] = B;
        MID[] g2 = tc.grow(st, st.length);
        check(g2 == g1 && g2[0] == B && g2.length > st.length, "grow reuses its copy of the same array");
        st[0] = A;
        check(tc.lines.length > big.length, "lines longer than the grown stack");
        tc.exit(fr);
        check(tc.lines.length > big.length, "outer lines grown on exit");
        tc.lines[big.length] = 1; // never out of bounds
        int fr2 = tc.enter();
        check(tc.lines.length > big.length, "a reused fresh segment's lines are long enough");
        tc.exit(fr2);

        // 10. A thread started through startThread continues the creator's stack.
        MID[] mainStack = new MID[] {A, A, null, null};
        final int[] seen = new int[2];
        final MID[][] childStack = new MID[1][];
        Thread t = new Thread(() -> {
            TC c = TC.getTC();
            int tok = c.enter();
            seen[0] = c.entrySp;
            seen[1] = c.callLine(c.entrySp);
            childStack[0] = c.entryStack;
            c.exit(tok);
        }, "child");
        Lifecycle.startThread(t, tc, mainStack, 2, 77);
        t.join();
        check(seen[0] == 2 && seen[1] == 77, "child continues at the start() call: " + seen[0] + " " + seen[1]);
        check(childStack[0] != mainStack && childStack[0][0] == A && childStack[0][1] == A, "child has a copy of the creator's frames");

        tc.exit(t0);
        System.out.println("PROTOCOL OK");
    }
}
