package komorium.rt;

/**
 * Wrappers entered while a context is suspended (agent and runtime code, the embedded JVM's
 * boot, the shutdown hook): they all run on one scratch segment of the context from depth 0
 * (nothing reads a reified stack while suspended: no sample is taken), entered by the
 * outermost one, which saves the state the others may change (lines, entryStack, outSp) and
 * restores it on its exit, or when the suspension ends if that exit was skipped. The state is
 * {@link TC}'s {@code susp*} fields; these are the slow paths of {@link TC#enter} and
 * {@link TC#exit} that use it.
 */
final class ScratchSegment {
    private ScratchSegment() {}

    /**
     * A wrapper entered while this context is suspended (agent and runtime code, the embedded
     * JVM's boot, the shutdown hook): a few stores instead of a fresh stack segment per wrapper.
     */
    static int enter(TC tc) {
        int d = tc.suspDepth;
        if (d >= TC.MAX_SUSPENDED) return -1;
        if (d == 0) {
            tc.suspOuterStack = tc.entryStack;
            tc.suspOuterLines = tc.lines;
            tc.suspOuterSp = tc.outSp;
            MID[] st = tc.suspStack;
            if (st == null) {
                st = new MID[tc.maxLen < 16 ? 16 : (tc.maxLen > 256 ? 256 : tc.maxLen)];
                tc.suspStack = st;
                if (st.length > tc.maxLen) tc.maxLen = st.length;
            }
            int[] nl = tc.suspLines;
            if (nl == null || nl.length <= tc.maxLen) {
                nl = new int[tc.maxLen + 1];
                tc.suspLines = nl;
            }
            tc.lines = nl;
            tc.entryStack = st;
        } else {
            // An inner wrapper (or a call out in between) may have replaced them.
            tc.entryStack = tc.suspStack;
        }
        tc.outSp = -1;
        tc.entrySp = 0;
        tc.suspDepth = d + 1;
        return TC.SUSPENDED_TOKEN - d;
    }

    /** Exit of the suspended wrapper at depth {@code d} (inner ones whose exit was skipped too). */
    static void exit(TC tc, int d) {
        if (d >= tc.suspDepth) return; // stale
        tc.suspDepth = d;
        if (d == 0) leave(tc);
    }

    /** Back from the scratch segment to the state the outermost suspended wrapper found. */
    static void leave(TC tc) {
        tc.suspDepth = 0;
        int[] own = tc.lines; // the scratch lines, possibly grown
        if (own != tc.suspLines) tc.suspLines = own;
        int[] outer = tc.suspOuterLines;
        if (outer.length <= tc.maxLen) outer = TC.copyLines(outer, tc.maxLen + 1);
        tc.lines = outer;
        tc.entryStack = tc.suspOuterStack;
        tc.outSp = tc.suspOuterSp;
        tc.suspOuterStack = null;
        tc.suspOuterLines = null;
    }
}
