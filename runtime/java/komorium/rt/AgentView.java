package komorium.rt;

/**
 * The cold side of a thread context that agents and the runtime's registry use (moved out of
 * {@link TC}, which keeps the public entries as delegates): reading call lines and their marks,
 * the pending part of the current interval, the freeze when sampling stops for good, and the
 * release of a finished thread's arrays.
 *
 * <h2>Line marks</h2>
 * Agents may mark an entry of {@link TC#lines} ({@link #markLine}): bit 30
 * ({@link TC#LINE_MARK}) flipped, so the sign (out-call or not) and {@link TC#callLine} stay the
 * same. Every new frame at depth {@code d} clears the mark at {@code d}: a call stores a plain
 * line there, {@link TC#callOut} a plain negative one, a wrapper continuing a pending out-call
 * at {@code d} clears it, and so does the exit of a static initialiser entered at an init site
 * of depth {@code d} (the callee of an invokestatic enters there next, its line already stored:
 * {@link InitSites#leave}). So while {@code lines[d]} stays marked, the frames at depths
 * {@code 0..d} of this segment are the ones that were there when it was marked (a frame below
 * {@code d} can only change after the frame at {@code d} has returned, and a new frame at
 * {@code d} clears the mark). The default agent's path cache uses this instead of storing into
 * the reified stack.
 *
 * <p>Runtime rule: calls no JDK method.
 */
final class AgentView {
    private AgentView() {}

    /** The call line stored in a {@link TC#lines} entry, marked or not. */
    static int lineOf(int v) {
        return (v ^ (v >> 31)) & ~TC.LINE_MARK;
    }

    /** True if a {@link TC#lines} entry carries an agent's mark. */
    static boolean isMarked(int v) {
        return ((v ^ (v >> 31)) & TC.LINE_MARK) != 0;
    }

    /** The {@link TC#lines} entry {@code v} with the mark set. */
    static int markLine(int v) {
        return v >= 0 ? v | TC.LINE_MARK : v & ~TC.LINE_MARK;
    }

    /** {@link TC#callLine}: the call line at {@code depth} of {@code ln} (0 = unknown or bottom). */
    static int callLine(int[] ln, int depth) {
        if (depth < 0 || depth >= ln.length) return 0;
        int v = ln[depth];
        return (v ^ (v >> 31)) & ~TC.LINE_MARK;
    }

    /**
     * {@link TC#pendingBytecodes}: bytecodes counted since the last sample (or registration).
     * 0 while a sample is being taken (the counter is parked at Integer.MAX_VALUE then, and the
     * interval's count is with the agent): a thread stopped there (the embedded engine's
     * cancellation stops threads anywhere) must not report a negative count. After
     * {@link #freeze}, the value fixed then ({@link TC#frozenPending}).
     */
    static long pending(TC tc) {
        long f = tc.frozenPending;
        if (f >= 0) return f;
        if (tc.suspended || (tc.gran == Integer.MAX_VALUE && tc.ordinal < 0)) return 0;
        long pending = (long) tc.gran - (long) tc.instrCounter;
        return pending < 0 ? 0 : pending;
    }

    /**
     * Called for every context when sampling stops for good ({@link Contexts#freeze}): fixes the
     * pending part of the current interval, and suspends the calling thread's own context, so
     * the agent's shutdown work (JDK code when the JDK is instrumented) is neither counted nor
     * sampled, and its wrappers run on scratch stacks (invariant 3 of docs/RUNTIME.md).
     */
    static void freeze(TC tc, Thread current) {
        if (tc.frozenPending < 0) tc.frozenPending = pending(tc);
        if (tc.thread == current && tc.thread != null) {
            tc.suspended = true;
            tc.instrCounter = Integer.MAX_VALUE;
        }
    }

    /** Drops the stack arrays of a context whose thread has ended. */
    static void release(TC tc) {
        for (int i = 0; i < tc.levelFresh.length; i++) {
            tc.levelFresh[i] = null;
            tc.levelOwnLines[i] = null;
            tc.levelStack[i] = null;
            tc.levelLines[i] = null;
        }
        tc.outSp = -1;
        tc.entryStack = null;
        tc.init = null;
        for (int i = 0; i < tc.growCache.length; i++) tc.growCache[i] = null;
        tc.suspStack = null;
        tc.suspLines = null;
        tc.suspOuterStack = null;
        tc.suspOuterLines = null;
        tc.suspDepth = 0;
        tc.lines = new int[1];
        tc.maxLen = 0;
    }
}
