package komorium.rt;

/**
 * Wrapper levels that pause counting, and the load levels that resume it inside them
 * (docs/RUNTIME.md, "Class loads the VM starts"). {@link TC#enterPaused} runs a JVM upcall whose
 * work is not the program's (HotSpot with the JDK instrumented: the JDK's linkage of call sites
 * and constants, the class swap) on a fresh segment, suspended; a class load the JVM starts
 * inside it for the program ({@link TC#enterLoad}: a lambda's interfaces, resolved through the
 * caller's loader) is counted again, at the out-call the paused level interrupted, on a level
 * of its own ({@link TC#LOAD_LEVEL}). One per thread context, created at its first paused
 * level; the level arrays themselves are the context's.
 *
 * <p>Runtime rule: calls no JDK method but the native {@code System.arraycopy}.
 */
final class PausedLevels {
    /** Per nesting level of {@link TC#enterPaused}: the counter and suspension to restore. */
    private int[] pausedCounter = new int[0];
    private boolean[] pausedFlag = new boolean[0];
    /** Per nesting level: entered by {@link TC#enterPaused} and not yet left. */
    private boolean[] pausedLevel = new boolean[0];

    /** Per {@link TC#LOAD_LEVEL} level: the paused level it resumed, the pending out-call and the scratch depth to restore. */
    private int[] loadPaused = new int[0];
    private int[] loadOutSp = new int[0];
    private int[] loadSusp = new int[0];
    /**
     * Per {@link TC#LOAD_LEVEL} level: the scratch segment's saved state ({@link ScratchSegment})
     * when the load interrupted suspended wrappers. A wrapper suspended inside the load (an
     * agent's sample) starts a scratch segment of its own and clears that state on leaving, so
     * it is kept here and put back when the load level is left.
     */
    private MID[][] loadSuspStack = new MID[0][];
    private int[][] loadSuspLines = new int[0][];
    private int[] loadSuspSp = new int[0];

    /** {@link TC#enterPaused}: a fresh segment, suspended, with a counter that does not run. */
    int enter(TC tc) {
        int saved = tc.instrCounter;
        boolean was = tc.suspended;
        int tok = tc.enterFreshLevel();
        int level = tok - TC.LEVEL_TOKEN;
        if (level >= pausedCounter.length) {
            int n = tc.levelSp.length;
            pausedCounter = Grow.into(pausedCounter, new int[n]);
            pausedFlag = Grow.into(pausedFlag, new boolean[n]);
            pausedLevel = Grow.into(pausedLevel, new boolean[n]);
        }
        pausedCounter[level] = saved;
        pausedFlag[level] = was;
        pausedLevel[level] = true;
        tc.suspended = true;
        tc.instrCounter = Integer.MAX_VALUE;
        return tok;
    }

    /** {@link TC#exitPaused} after the level's exit: the counter and the suspension again. */
    void exit(TC tc, int level) {
        if (level >= 0 && level < pausedCounter.length) {
            tc.instrCounter = pausedCounter[level];
            tc.suspended = pausedFlag[level];
            pausedLevel[level] = false;
        }
    }

    /** Level {@code k} is left without its exit ({@link TC}'s popLevels): no longer paused. */
    void left(int k) {
        if (k < pausedLevel.length) pausedLevel[k] = false;
    }

    /**
     * {@link TC#enterLoad}: the entry of the wrapper of {@code ClassLoader.loadClass(String)},
     * the method the JVM calls when a class of a Java loader resolves a name that loader has not
     * loaded yet (engine reflect-patch.ts puts it in place of {@link TC#enter}). The exact
     * profile puts that load under the frame executing the instruction, at its line
     * (docs/RUNTIME.md, "Class loads the VM starts"):
     * <ul>
     * <li>a valid pending out-call (Class.forName, a native, uninstrumented code): as {@link TC#enter};
     * <li>inside a paused upcall ({@link TC#enterPaused}: the JDK's linkage of an invokedynamic,
     * which defines the lambda's hidden class, whose interfaces the JVM resolves through the
     * caller's loader): the load is the program's, counted, at the out-call the paused level
     * interrupted (the invokedynamic's frame and line), as the exact run loads them there;
     * <li>no pending out-call and a valid init-site record (its frame has made no call since):
     * continues the site's stack as an initialiser would (the load of the site's class
     * constant, or of the instruction's own class);
     * <li>else as {@link TC#enter}.
     * </ul>
     */
    static int loadEntry(TC tc) {
        if (tc.suspended) {
            PausedLevels p = tc.paused;
            if (p != null) {
                int tok = p.enterLoad(tc);
                if (tok != -1) return tok;
            }
            return tc.enter();
        }
        int s = tc.outSp;
        if (s >= 0 && s < tc.lines.length && tc.lines[s] < 0) return tc.enter();
        InitSites is = tc.init;
        if (is != null && is.sp >= 0) {
            int tok = is.enterAt(tc);
            if (tok != -1) return tok;
        }
        return tc.enter();
    }

    /**
     * {@link TC#enterLoad} while suspended: if the innermost level is paused, was entered
     * unsuspended and interrupted a valid pending out-call, counts the load at that out-call
     * (returns the load level's token); else -1.
     */
    int enterLoad(TC tc) {
        int k = tc.nest - 1;
        if (k >= 0 && k < pausedLevel.length && pausedLevel[k] && !pausedFlag[k] && tc.levelSp[k] < -1) {
            int s = -2 - tc.levelSp[k];
            MID[] os = tc.levelStack[k];
            int[] ol = tc.levelLines[k];
            int v;
            if (os != null && ol != null && s <= os.length && s < ol.length && (v = ol[s]) < 0) return enterResumed(tc, k, s, os, ol, v);
        }
        return -1;
    }

    /** {@link #enterLoad} in paused level {@code k}: counts on the interrupted out-call's stack. */
    private int enterResumed(TC tc, int k, int s, MID[] os, int[] ol, int v) {
        int tok = tc.pushLevel(TC.LOAD_LEVEL, tc.entryStack);
        if (tok >= loadPaused.length) {
            int n = tc.levelSp.length;
            loadPaused = Grow.into(loadPaused, new int[n]);
            loadOutSp = Grow.into(loadOutSp, new int[n]);
            loadSusp = Grow.into(loadSusp, new int[n]);
            loadSuspStack = Grow.into(loadSuspStack, new MID[n][]);
            loadSuspLines = Grow.into(loadSuspLines, new int[n][]);
            loadSuspSp = Grow.into(loadSuspSp, new int[n]);
        }
        if (tc.levelLines[tok] != tc.lines) tc.levelLines[tok] = tc.lines;
        loadPaused[tok] = k;
        loadOutSp[tok] = tc.outSp;
        // Wrappers the paused linkage entered through uninstrumented code (the bootstrap called
        // through method handles) run on the scratch segment (ScratchSegment): it stays as it is.
        loadSusp[tok] = tc.suspDepth;
        tc.suspDepth = 0;
        loadSuspStack[tok] = tc.suspOuterStack;
        loadSuspLines[tok] = tc.suspOuterLines;
        loadSuspSp[tok] = tc.suspOuterSp;
        tc.suspOuterStack = null;
        tc.suspOuterLines = null;
        if (ol.length <= tc.maxLen) {
            ol = TC.copyLines(ol, tc.maxLen + 1);
            tc.levelLines[k] = ol;
        }
        if ((v & TC.LINE_MARK) == 0) ol[s] = v | TC.LINE_MARK;
        tc.lines = ol;
        tc.entryStack = os;
        tc.entrySp = s;
        tc.outSp = -1;
        tc.suspended = false;
        tc.instrCounter = pausedCounter[k];
        return TC.LEVEL_TOKEN + tok;
    }

    /** Leaves {@link TC#LOAD_LEVEL} level {@code tok}: the paused level's counter, segment and suspension again. */
    void leaveLoad(TC tc, int tok) {
        int k = loadPaused[tok];
        int[] outer = tc.lines;
        if (k >= 0 && k < pausedCounter.length) {
            pausedCounter[k] = tc.instrCounter;
            if (tc.levelLines[k] != outer) tc.levelLines[k] = outer;
        }
        tc.instrCounter = Integer.MAX_VALUE;
        tc.suspended = true;
        int[] own = tc.levelLines[tok];
        if (own.length <= tc.maxLen) own = TC.copyLines(own, tc.maxLen + 1);
        tc.lines = own;
        MID[] es = tc.levelStack[tok];
        if (tc.entryStack != es) tc.entryStack = es;
        tc.outSp = loadOutSp[tok];
        tc.suspDepth = loadSusp[tok];
        tc.suspOuterStack = loadSuspStack[tok];
        tc.suspOuterLines = loadSuspLines[tok];
        tc.suspOuterSp = loadSuspSp[tok];
        loadSuspStack[tok] = null;
        loadSuspLines[tok] = null;
    }
}
