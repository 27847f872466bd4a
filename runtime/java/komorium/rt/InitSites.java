package komorium.rt;

/**
 * Static initialisers run implicitly (docs/RUNTIME.md, "Class initialisation"): the JVM runs a
 * class's {@code <clinit>} at the first {@code new}, {@code getstatic}, {@code putstatic} or
 * {@code invokestatic} naming it, and the exact profile puts it under the frame executing that
 * instruction, at its line. Generated code calls {@link TC#initSite} before the first run of
 * such a site, which records it here; the initialiser's wrapper ({@link TC#enterInit})
 * continues the recorded frame's stack. One per thread context, created at its first site.
 *
 * <p>Runtime rule: calls no JDK method but the native {@code Class.isAssignableFrom}.
 */
final class InitSites {
    /**
     * The site this thread recorded last: the frame executing it is at depth {@code sp - 1} of
     * {@code stack}, the instruction on line {@code line}; it names class {@code target} (whose
     * initialisation runs the initialisers of its uninitialised supertypes too), and
     * {@code seg} is the lines array of the segment it ran in. sp = -1: none.
     */
    MID[] stack;
    int sp = -1;
    int line;
    Class<?> target;
    int[] seg;

    /** Per wrapper level entered at a site: the pending out-call and the record to restore. */
    private int[] savedOutSp = new int[0];
    private MID[][] savedStack = new MID[0][];
    private int[] savedSp = new int[0];
    private int[] savedLine = new int[0];
    private Class<?>[] savedTarget = new Class<?>[0];
    private int[][] savedSeg = new int[0][];

    /**
     * {@link TC#initSite}: before the first execution of an instruction in instrumented code
     * that may run a class's static initialiser (the method's MID records per target class
     * whether it ran before, so this runs about once per site; sets {@code bit} in its
     * {@code inits}): records the site, so that the initialiser's wrapper ({@link TC#enterInit})
     * continues this frame's stack at {@code sp} with call line {@code line}, where the exact
     * profile puts it. Stores the line at {@code lines[sp]} like a call (which ends an older
     * pending out-call at that depth) and drops the pending out-call.
     */
    static void site(TC tc, MID[] stack, int sp, int line, MID mid, int bit) {
        if (mid instanceof MIDImpl) ((MIDImpl) mid).inits |= bit;
        if (tc.suspended || sp < 0 || stack == null) return;
        int[] ln = tc.lines;
        if (sp >= ln.length) ln = tc.ensureLines(sp + 1);
        int l = line < 0 ? 0 : line;
        ln[sp] = l;
        tc.outSp = -1;
        InitSites is = tc.init;
        if (is == null) tc.init = is = new InitSites();
        is.record(stack, sp, l, null, ln);
    }

    /**
     * {@link TC#initSiteLeaf}: {@link #site} in a leaf method (which has not pushed its MID):
     * stores {@code mid} at {@code stack[sp]} (growing if needed) and records the site at
     * {@code sp + 1}.
     */
    static void siteLeaf(TC tc, MID[] stack, int sp, int line, MID mid, int bit) {
        if (mid instanceof MIDImpl) ((MIDImpl) mid).inits |= bit;
        if (tc.suspended || sp < 0 || stack == null) return;
        if (sp >= stack.length) stack = tc.grow(stack, sp);
        stack[sp] = mid;
        site(tc, stack, sp + 1, line, mid, 0);
    }

    /**
     * {@link TC#enterInit}: the entry of a static initialiser's wrapper, {@code own} its class:
     * continues the init site that ran it ({@link #enter}), else as {@link TC#enter}.
     */
    static int enterInit(TC tc, Class<?> own) {
        InitSites is = tc.init;
        if (is != null && is.sp >= 0 && !tc.suspended) {
            int tok = is.enter(tc, own);
            if (tok != -1) return tok;
        }
        return tc.enter();
    }

    void record(MID[] stack, int sp, int line, Class<?> target, int[] seg) {
        if (this.stack != stack) this.stack = stack;
        this.sp = sp;
        this.line = line;
        this.target = target;
        this.seg = seg;
    }

    /**
     * The context's lines array was replaced by a longer copy: the record, and the records
     * the open init levels restore on leaving (a superclass's initialiser that grew the stack,
     * then its subclass's at the same site), name the copy.
     */
    void moved(int[] from, int[] to) {
        if (seg == from) seg = to;
        int[][] ss = savedSeg;
        for (int i = 0; i < ss.length; i++) if (ss[i] == from) ss[i] = to;
    }

    /**
     * A {@code <clinit>} of class {@code own} is entered. A pending out-call still wins
     * (explicit initialisation through reflection, {@code Class.forName},
     * {@code Lookup.ensureInitialized}, or by uninstrumented code): returns -1, and the wrapper
     * enters as usual. Otherwise, if the recorded site is in the current segment, its frame has
     * made no call since (lines[sp] still holds the site's line) and {@code own} is the site's
     * class or a supertype of it, the initialiser continues the site's stack at {@code sp} on a
     * wrapper level of its own ({@link TC#INIT_LEVEL}; returns its token). Else -1.
     */
    int enter(TC tc, Class<?> own) {
        if (target == null || own == null || !own.isAssignableFrom(target)) return -1;
        return enterAt(tc);
    }

    /**
     * Continues the recorded site's stack at {@code sp} on a wrapper level of its own, whatever
     * wrapper enters ({@link TC#enterLoad}: the JVM's class load at the site), if no out-call
     * is pending and the record is valid (in the current segment, its frame has made no call
     * since); else -1.
     */
    int enterAt(TC tc) {
        int r = sp;
        if (r < 0) return -1;
        int[] ln = tc.lines;
        int s = tc.outSp;
        if (s >= 0 && s < ln.length && ln[s] < 0) return -1;
        int v;
        if (ln != seg || r >= ln.length || (v = ln[r]) < 0 || AgentView.lineOf(v) != line) return -1;
        int k = tc.pushLevel(TC.INIT_LEVEL, tc.entryStack);
        if (k >= savedOutSp.length) growSaved(k + 8);
        savedOutSp[k] = s;
        savedStack[k] = stack;
        savedSp[k] = r;
        savedLine[k] = line;
        savedTarget[k] = target;
        savedSeg[k] = seg;
        // A new frame at depth r: a plain call line (clears an agent's mark, see TC.LINE_MARK).
        ln[r] = line;
        tc.outSp = -1;
        if (tc.entryStack != stack) tc.entryStack = stack;
        tc.entrySp = r;
        return TC.LEVEL_TOKEN + k;
    }

    /**
     * Leaves level {@code k} entered at a site: the pending out-call and the record as they
     * were (a class's initialiser runs those of its supertypes first, at the same site, and a
     * {@code <clinit>}'s own sites overwrite the record meanwhile).
     */
    void leave(TC tc, int k) {
        // The next frame at the site's depth (after an invokestatic: the callee, whose call
        // stored its line before the JVM ran this initialiser) is a new frame there, but its
        // entry stores no line: clear a sample's mark left by the initialiser's frame
        // (TC.LINE_MARK), or the path cache (ThreadData.path) keeps naming that depth
        // <clinit> until the callee returns.
        int r = savedSp[k];
        int[] ln = tc.lines;
        if (r >= 0 && r < ln.length) {
            int v = ln[r];
            if (AgentView.isMarked(v)) ln[r] = v ^ TC.LINE_MARK;
        }
        MID[] os = tc.levelStackAt(k);
        if (tc.entryStack != os) tc.entryStack = os;
        tc.outSp = savedOutSp[k];
        record(savedStack[k], savedSp[k], savedLine[k], savedTarget[k], savedSeg[k]);
        savedStack[k] = null;
        savedTarget[k] = null;
        savedSeg[k] = null;
    }

    private void growSaved(int n) {
        savedOutSp = Grow.into(savedOutSp, new int[n]);
        savedStack = Grow.into(savedStack, new MID[n][]);
        savedSp = Grow.into(savedSp, new int[n]);
        savedLine = Grow.into(savedLine, new int[n]);
        savedTarget = Grow.into(savedTarget, new Class<?>[n]);
        savedSeg = Grow.into(savedSeg, new int[n][]);
    }
}
