package komorium.rt;

/**
 * The thread context (paper 000, Figure 2): one per thread, passed to every extended method
 * together with the reified stack {@code (MID[] stack, int sp)}. docs/RUNTIME.md is the contract
 * the transformer targets; every public member used by generated code is listed there with its
 * descriptor.
 *
 * <h2>Reified stack and call-site lines</h2>
 * {@code stack[i]} is the frame at depth {@code i}; {@code sp} is the next free index. A thread
 * may use several arrays for its stack: an extended method whose {@code sp} reaches the array's
 * end continues with a larger copy from {@link #grow} (its callers keep the old one). The
 * call-site line of the frame at depth {@code i} in its caller (depth {@code i - 1}) is kept in
 * {@code lines[i]}, one int array per stack <em>segment</em>, indexed by depth: the caller
 * stores {@code tc.lines[sp] = line} before each call (sp is already past its own frame, so it
 * is the callee's depth). A negative value {@code -1 - line} marks a call into uninstrumented
 * code (see {@link #callOut}). The array is always longer than any stack array this context has
 * handed out, so that store never goes out of bounds.
 *
 * <h2>Runtime rule</h2>
 * On the paths generated code reaches ({@link #getTC}, {@link #enter}, {@link #exit},
 * {@link #grow}, {@link #callOut}, the sampling triggers) the runtime calls no JDK Java method,
 * only natives ({@code Thread.currentThread}, {@code System.identityHashCode},
 * {@code System.arraycopy}); everything else (agent, registration, configuration, profile
 * writing) runs with the context suspended, where no sample is taken and wrappers use scratch
 * stacks. So the runtime works unchanged when the JDK itself is instrumented.
 */
public final class TC {

    // ---------------------------------------------------------------- used by generated code

    /**
     * Bytecode counter: generated code subtracts each basic block's length and calls
     * {@link #triggerSampling} when it is {@code <= 0}.
     */
    public int instrCounter;

    /** Call-site lines of the current stack segment, indexed by callee depth (see above). */
    public int[] lines;

    /**
     * Set by {@link #enter}: the reified stack a wrapper passes on. Between calls it holds the
     * stack of the pending outgoing call (see {@link #callOut}): for a continuation the two are
     * the same array, so the hot path stores no reference (each reference store into a
     * long-lived object costs a G1 write barrier with a StoreLoad fence).
     */
    public MID[] entryStack;

    /** Set by {@link #enter}: the depth at which the wrapped method pushes its MID. */
    public int entrySp;

    /**
     * The check's slow path in a lazy leaf wrapper (docs/RUNTIME.md, "Leaf wrappers"): the
     * original-signature copy of a method with no invoke entered from uninstrumented code skips
     * {@link #enter}/{@link #exit} and has no stack; its frame is built here, only when a sample
     * is taken: {@link #enter} as the wrapper's entry would have done it (nothing between the
     * entry and this check changed what it decides: no call, no pending record consumed), the
     * MID at the entry depth, the sample, {@link #exit}. Returns the new counter.
     * {@code invokevirtual komorium/rt/TC.sampleNextWrapped (Lkomorium/rt/MID;I)I}
     */
    public int sampleNextWrapped(MID mid, int line) {
        if (suspended) return instrCounter = Integer.MAX_VALUE;
        int tok = enter();
        try {
            triggerSamplingLeaf(entryStack, entrySp, mid, line);
        } finally {
            exit(tok);
        }
        return instrCounter;
    }

    // ---------------------------------------------------------------- for agents

    /** The thread this context belongs to. */
    public final Thread thread;

    /** Registration order (0, 1, ...) of registered contexts; -1 for internal ones. */
    public final int ordinal;

    /** Per-thread data of the agent (set in {@link SamplingProfiler#register}). */
    public Object agentData;

    // ---------------------------------------------------------------- internal state

    /** The current sampling granularity (the value instrCounter was last reset to). */
    int gran = Integer.MAX_VALUE;

    /** True while the agent or runtime code runs on this thread: no sampling, scratch stacks. */
    boolean suspended;


    /**
     * Set while the live-snapshot thread waits for this context's monitor: the next sample lets
     * it in first (Java monitors are not fair, and a thread sampling every few microseconds
     * would otherwise re-take the monitor before the waiting snapshot thread gets it).
     */
    volatile boolean snapshotWaiting;

    /** Hash-table lookups of this context since it last took a hint slot ({@link Contexts#lookup}). */
    int hintMisses;

    /** Length of the longest stack array handed out so far (lines is always longer). */
    int maxLen;

    /** An agent's mark on a {@link #lines} entry (bit 30 flipped): see {@link AgentView}. */
    static final int LINE_MARK = 1 << 30;

    /** Depth of the pending call into uninstrumented code (-1 = none); its stack is entryStack. */
    int outSp = -1;

    /**
     * Wrapper nesting, one level per active wrapper. levelSp[k] >= 0: a continuation at that
     * depth of levelStack[k] (restored as the pending outgoing call on exit). levelSp[k] < 0: a
     * fresh segment; the outer pending call was (levelStack[k], -2 - levelSp[k]) and the outer
     * lines array levelLines[k]. Each level keeps its fresh segment (levelFresh[k] and its
     * lines levelOwnLines[k]) for the next fresh entry at that level: the per-thread pool of
     * paper Section 3.2, without pool traffic. Reference slots are only written when they
     * change (G1 write barriers). levelSp[k] == INIT_LEVEL: a static initialiser continuing an
     * init site ({@link #enterInit}); {@link InitSites} holds what to restore. levelSp[k] ==
     * LOAD_LEVEL: a class load counted inside a paused level ({@link #enterLoad});
     * {@link PausedLevels} holds what to restore and reads and writes these arrays too.
     */
    int[] levelSp = new int[8];
    MID[][] levelStack = new MID[8][];
    int[][] levelLines = new int[8][];
    MID[][] levelFresh = new MID[8][];
    int[][] levelOwnLines = new int[8][];
    int nest;

    TC(Thread thread, int ordinal, int stackSize, StackSnapshot start) {
        this.thread = thread;
        this.ordinal = ordinal;
        this.instrCounter = Integer.MAX_VALUE;
        int size = stackSize < 4 ? 4 : stackSize;
        if (start != null && start.sp + 8 > size) size = start.sp + 8 + (start.sp >> 1);
        this.maxLen = size;
        this.lines = new int[size + 1];
        if (start != null) {
            // A thread started by instrumented code: the first wrapper continues the creator's
            // stack at the Thread.start() call.
            MID[] s = new MID[size];
            System.arraycopy(start.stack, 0, s, 0, start.sp);
            System.arraycopy(start.lines, 0, lines, 0, start.sp + 1);
            entryStack = s;
            outSp = start.sp;
        }
    }

    /**
     * Returns the current thread's context, creating (and registering) it on first use
     * (paper Figure 2). {@code invokestatic komorium/rt/TC.getTC ()Lkomorium/rt/TC;}
     */
    public static TC getTC() {
        if (Contexts.noThreadYet) return Contexts.BOOT_TC;
        Thread t = Thread.currentThread();
        // Compare with the hint's thread before touching the hint's context: that context may
        // be another thread's, whose cache line its thread writes at every call.
        if (Contexts.lastThread == t && t != null) {
            TC c = Contexts.last;
            if (c != null && c.thread == t) return c;
        }
        return Contexts.lookup(t);
    }

    /** Same as {@link #getTC()}. */
    public static TC current() {
        return getTC();
    }

    // ---------------------------------------------------------------- wrappers

    /**
     * Wrapper entry (replaces the paper's newStack()). Decides where the wrapped method runs:
     * if this thread is inside a call from instrumented code into uninstrumented code
     * ({@link #callOut}) that is still pending, the wrapper continues that reified stack at the
     * call's depth, so a callback (a Comparator called by Collections.sort, a Runnable run by a
     * thread started from instrumented code) appears under its real calling context. Otherwise
     * it starts a fresh stack segment at depth 0. Sets {@link #entryStack} and
     * {@link #entrySp}; returns a token for {@link #exit}.
     * {@code invokevirtual komorium/rt/TC.enter ()I}
     */
    public int enter() {
        int s = outSp;
        if (s >= 0 && !suspended) {
            int[] ln = lines;
            int v;
            if (s < ln.length && (v = ln[s]) < 0) {
                int k = nest;
                if (s <= MAX_LIGHT_SP && k <= NEST_MASK) {
                    // Continue the pending outgoing call. It is consumed until this wrapper
                    // exits, so a nested implicit callback (a <clinit>) cannot continue it over
                    // this frame. A new frame goes to depth s without a call storing lines[s]:
                    // clear an agent's mark there (see AgentView).
                    if ((v & LINE_MARK) == 0) ln[s] = v | LINE_MARK;
                    outSp = -1;
                    entrySp = s;
                    return (s << NEST_BITS) | k;
                }
            }
        }
        return enterSlow();
    }

    /**
     * {@link #enter} for JVM upcalls whose work is not the program's own (HotSpot with the JDK
     * instrumented: MethodHandleNatives' call-site and constant linkage, which spins method
     * handle classes with the JDK's bytecode generator, work the embedded engine does in the
     * VM): a fresh segment in which nothing is counted or sampled until {@link #exitPaused}.
     * Generated code does not call it; engine/jdk-modules.ts puts it in place of enter/exit in
     * those methods.
     */
    public int enterPaused() {
        PausedLevels p = paused;
        if (p == null) paused = p = new PausedLevels();
        return p.enter(this);
    }

    /** The exit of {@link #enterPaused}: restores the segment, the counter and the suspension. */
    public void exitPaused(int token) {
        exit(token);
        PausedLevels p = paused;
        if (p != null) p.exit(this, token - LEVEL_TOKEN);
    }

    /** The paused levels and the load levels inside them (created at the first {@link #enterPaused}). */
    PausedLevels paused;

    /**
     * Tokens: {@code >= 0}, a continuation at depth {@code tok >>> NEST_BITS} entered at
     * nesting level {@code tok & NEST_MASK} (nothing else to restore: the pending call's stack
     * is still {@link #entryStack} or a grown copy of it, which holds the same frames below the
     * depth); {@code < 0}, level {@code tok - LEVEL_TOKEN} of the level arrays below (fresh
     * segments, and continuations too deep for a short token). Other values (-1, a level or
     * nesting that is no longer there) change nothing.
     */
    static final int LEVEL_TOKEN = Integer.MIN_VALUE;
    private static final int NEST_BITS = 8;
    private static final int NEST_MASK = (1 << NEST_BITS) - 1;
    private static final int MAX_LIGHT_SP = Integer.MAX_VALUE >>> NEST_BITS;

    /** enter() when no short continuation token applies (out of line, to keep enter small). */
    private int enterSlow() {
        if (suspended) return ScratchSegment.enter(this);
        int tok = nest;
        int s = outSp;
        MID[] os = entryStack;
        if (s >= 0 && os != null && !suspended && s <= os.length) {
            int[] ln = lines;
            int v;
            if (s < ln.length && (v = ln[s]) < 0) {
                ln[s] = v | LINE_MARK;
                if (tok == levelSp.length) growNest();
                levelSp[tok] = s;
                if (levelStack[tok] != os) levelStack[tok] = os;
                nest = tok + 1;
                outSp = -1;
                entrySp = s;
                return LEVEL_TOKEN + tok;
            }
        }
        return enterFresh(tok);
    }

    /**
     * Tokens of wrappers entered while suspended: {@code SUSPENDED_TOKEN - d} for the wrapper at
     * suspended nesting depth {@code d} (below every continuation token, above every level token).
     */
    static final int SUSPENDED_TOKEN = -(1 << 30);
    static final int MAX_SUSPENDED = 1 << 29;

    /** Wrappers active while suspended, on a scratch segment: see {@link ScratchSegment}. */
    int suspDepth;
    MID[] suspStack;
    int[] suspLines;
    MID[] suspOuterStack;
    int[] suspOuterLines;
    int suspOuterSp;

    /** Ends a suspension of a registered context (agent calls); leaves a scratch segment left open. */
    void resume() {
        suspended = false;
        if (suspDepth != 0) ScratchSegment.leave(this);
    }

    /** A fresh stack segment at the next level (for {@link PausedLevels}): its token. */
    int enterFreshLevel() {
        return enterFresh(nest);
    }

    /** Starts a fresh stack segment at depth 0. */
    private int enterFresh(int tok) {
        if (tok == levelSp.length) growNest();
        levelSp[tok] = -2 - (outSp < -1 ? -1 : outSp);
        MID[] outerStack = entryStack;
        if (levelStack[tok] != outerStack) levelStack[tok] = outerStack;
        int[] outerLines = lines;
        if (levelLines[tok] != outerLines) levelLines[tok] = outerLines;
        MID[] st = levelFresh[tok];
        if (st == null) {
            st = new MID[maxLen < 16 ? 16 : (maxLen > 256 ? 256 : maxLen)];
            levelFresh[tok] = st;
        }
        if (st.length > maxLen) maxLen = st.length;
        int[] nl = levelOwnLines[tok];
        if (nl == null || nl.length <= maxLen) {
            nl = new int[maxLen + 1];
            levelOwnLines[tok] = nl;
        }
        nl[0] = 0;
        nest = tok + 1;
        lines = nl;
        outSp = -1;
        entryStack = st;
        entrySp = 0;
        return LEVEL_TOKEN + tok;
    }

    /**
     * Wrapper exit, on normal and exceptional exit alike (the wrapper's handler calls it and
     * rethrows). Restores the state {@link #enter} saved for {@code token}, also for inner
     * levels whose exit was skipped. {@code invokevirtual komorium/rt/TC.exit (I)V}
     */
    public void exit(int token) {
        if (token >= 0 && (token & NEST_MASK) == nest) outSp = token >>> NEST_BITS;
        else exitSlow(token);
    }

    private void exitSlow(int token) {
        if (token <= SUSPENDED_TOKEN && token > SUSPENDED_TOKEN - MAX_SUSPENDED) {
            ScratchSegment.exit(this, SUSPENDED_TOKEN - token);
            return;
        }
        if (token >= 0) {
            // A continuation token whose inner levels' exits were skipped: leave them first.
            int level = token & NEST_MASK;
            if (level > nest) return; // stale
            popLevels(level);
            outSp = token >>> NEST_BITS;
            return;
        }
        int k = token - LEVEL_TOKEN;
        if (k == nest - 1) {
            int s = levelSp[k];
            if (s == INIT_LEVEL) {
                init.leave(this, k);
                nest = k;
                return;
            }
            if (s == LOAD_LEVEL) {
                paused.leaveLoad(this, k);
                nest = k;
                return;
            }
            if (s >= 0) {
                MID[] os = levelStack[k];
                if (entryStack != os) entryStack = os;
                outSp = s;
                nest = k;
                return;
            }
        }
        popLevels(k);
    }

    /** Leaves levels nest-1 down to {@code level}, restoring what each saved. */
    private void popLevels(int level) {
        if (level < 0 || level >= nest) return;
        PausedLevels p = paused;
        for (int k = nest - 1; k >= level; k--) {
            int s = levelSp[k];
            // A paused level whose exit was skipped is no longer paused (enterLoad reads it).
            if (p != null) p.left(k);
            if (s == INIT_LEVEL) {
                init.leave(this, k);
                continue;
            }
            if (s == LOAD_LEVEL) {
                p.leaveLoad(this, k);
                continue;
            }
            MID[] os = levelStack[k];
            if (entryStack != os) entryStack = os;
            if (s >= 0) {
                outSp = s;
            } else {
                int[] own = lines; // the segment's lines, possibly grown
                if (levelOwnLines[k] != own) levelOwnLines[k] = own;
                int[] outer = levelLines[k];
                if (outer.length <= maxLen) outer = copyLines(outer, maxLen + 1);
                lines = outer;
                outSp = -2 - s;
            }
        }
        nest = level;
    }

    // ---------------------------------------------------------------- class initialisation

    /** The init-site record and its per-level saves (created at the first init site). */
    InitSites init;

    /** levelSp value of a level entered by {@link #enterInit} at an init site. */
    static final int INIT_LEVEL = Integer.MIN_VALUE;

    /**
     * Before the first run of an instruction that may run a class's static initialiser: records
     * the site ({@link InitSites#site}).
     * {@code invokevirtual komorium/rt/TC.initSite ([Lkomorium/rt/MID;IILkomorium/rt/MID;I)V}
     */
    public void initSite(MID[] stack, int sp, int line, MID mid, int bit) {
        InitSites.site(this, stack, sp, line, mid, bit);
    }

    /**
     * {@link #initSite} in a leaf method ({@link InitSites#siteLeaf}).
     * {@code invokevirtual komorium/rt/TC.initSiteLeaf ([Lkomorium/rt/MID;IILkomorium/rt/MID;I)V}
     */
    public void initSiteLeaf(MID[] stack, int sp, int line, MID mid, int bit) {
        InitSites.siteLeaf(this, stack, sp, line, mid, bit);
    }

    /**
     * Before the first execution of an instruction of a class-path class (scope all) that
     * resolves another class by name (TRANSFORM.md, "Load sites"): records the site as
     * {@link #initSite} does, with no target, so that the wrapper of the loader's
     * {@code loadClass} the JVM may call for it ({@link #enterLoad}) continues this frame's
     * stack at {@code sp} with call line {@code line}. Sets {@code bit} in the MID's {@code loads}.
     * {@code invokevirtual komorium/rt/TC.loadSite ([Lkomorium/rt/MID;IILkomorium/rt/MID;I)V}
     */
    public void loadSite(MID[] stack, int sp, int line, MID mid, int bit) {
        if (mid instanceof MIDImpl) ((MIDImpl) mid).loads |= bit;
        InitSites.site(this, stack, sp, line, null, 0);
    }

    /**
     * {@link #loadSite} in a leaf method: stores {@code mid} at {@code stack[sp]} first.
     * {@code invokevirtual komorium/rt/TC.loadSiteLeaf ([Lkomorium/rt/MID;IILkomorium/rt/MID;I)V}
     */
    public void loadSiteLeaf(MID[] stack, int sp, int line, MID mid, int bit) {
        if (mid instanceof MIDImpl) ((MIDImpl) mid).loads |= bit;
        InitSites.siteLeaf(this, stack, sp, line, mid, 0);
    }

    /**
     * Right after {@link #initSite} or {@link #initSiteLeaf}: the class the site names. Generated
     * code loads the class constant only after the site is recorded, since its first resolution
     * may make the VM call the loader's {@code loadClass} ({@link #enterLoad}), which belongs under
     * the site's frame and line as the initialiser does.
     * {@code invokevirtual komorium/rt/TC.initTarget (Ljava/lang/Class;)V}
     */
    public void initTarget(Class<?> target) {
        InitSites is = init;
        if (is != null && !suspended) is.target = target;
    }

    /**
     * The entry of a static initialiser's wrapper, {@code own} its class ({@link InitSites#enterInit}).
     * {@code invokevirtual komorium/rt/TC.enterInit (Ljava/lang/Class;)I}
     */
    public int enterInit(Class<?> own) {
        return InitSites.enterInit(this, own);
    }

    /** levelSp value of a level entered by {@link #enterLoad} inside a paused level. */
    static final int LOAD_LEVEL = Integer.MIN_VALUE + 1;

    /**
     * The entry of the wrapper of {@code ClassLoader.loadClass(String)}, the method the JVM calls
     * when a class of a Java loader resolves a name that loader has not loaded yet (engine
     * reflect-patch.ts puts it in place of {@link #enter}): see {@link PausedLevels#loadEntry}.
     * {@code invokevirtual komorium/rt/TC.enterLoad ()I}
     */
    public int enterLoad() {
        return PausedLevels.loadEntry(this);
    }

    /** The outer pending call's stack saved for wrapper level k. */
    MID[] levelStackAt(int k) {
        return levelStack[k];
    }

    /** A new wrapper level (for {@link InitSites} and {@link PausedLevels}): its index. */
    int pushLevel(int sp, MID[] outerStack) {
        int k = nest;
        if (k == levelSp.length) growNest();
        levelSp[k] = sp;
        if (levelStack[k] != outerStack) levelStack[k] = outerStack;
        nest = k + 1;
        return k;
    }

    private void growNest() {
        // Called when nest == levelSp.length: every level's entries are kept.
        int n = levelSp.length * 2;
        levelSp = Grow.into(levelSp, new int[n]);
        levelStack = Grow.into(levelStack, new MID[n][]);
        levelLines = Grow.into(levelLines, new int[n][]);
        levelFresh = Grow.into(levelFresh, new MID[n][]);
        levelOwnLines = Grow.into(levelOwnLines, new int[n][]);
    }

    // ---------------------------------------------------------------- stack growth

    /**
     * Returns a larger copy of {@code stack} holding its first {@code sp} entries. Generated
     * code calls it at method entry when {@code sp >= stack.length} and continues with the copy.
     * {@code invokevirtual komorium/rt/TC.grow ([Lkomorium/rt/MID;I)[Lkomorium/rt/MID;}
     */
    public MID[] grow(MID[] stack, int sp) {
        MID[][] gc = growCache;
        for (int i = 0; i < gc.length; i += 2) {
            if (gc[i] != stack) continue;
            MID[] d = gc[i + 1];
            if (sp >= d.length) break;
            // This array crossed its end again (deep recursion oscillating around it): reuse
            // the copy handed out last time. No frame still uses that copy: the frames of this
            // segment that ran on it were at depths >= stack.length, and they have returned,
            // since a frame at a smaller depth of the same segment is calling.
            System.arraycopy(stack, 0, d, 0, sp < stack.length ? sp : stack.length);
            return d;
        }
        int n = stack.length;
        int m = n * 2;
        if (m < sp + 16) m = sp + 16;
        MID[] s = new MID[m];
        System.arraycopy(stack, 0, s, 0, sp < n ? sp : n);
        if (m > maxLen) maxLen = m;
        if (lines.length <= maxLen) {
            int[] was = lines;
            lines = copyLines(was, maxLen + 1 + (maxLen >> 1));
            if (init != null) init.moved(was, lines);
        }
        int k = growNext;
        gc[k] = stack;
        gc[k + 1] = s;
        growNext = k + 2 == gc.length ? 0 : k + 2;
        return s;
    }

    /**
     * Pairs (array {@link #grow} copied, the copy it returned), reused when the same array
     * crosses its end again; one pair per doubling, so a recursion that goes up and down
     * through several array sizes (Ackermann) allocates nothing once it has been this deep.
     */
    final MID[][] growCache = new MID[16][];
    private int growNext;

    static int[] copyLines(int[] a, int len) {
        int[] b = new int[len];
        System.arraycopy(a, 0, b, 0, a.length < len ? a.length : len);
        return b;
    }

    // ---------------------------------------------------------------- calls out

    /**
     * Records a call from instrumented code at depth {@code sp} (the caller's sp, i.e. one past
     * its own frame) into a method that has no extended version, at source line {@code line}.
     * A wrapper entered on this thread while that call runs continues the stack at {@code sp}.
     * {@code invokevirtual komorium/rt/TC.callOut ([Lkomorium/rt/MID;II)V}
     */
    public void callOut(MID[] stack, int sp, int line) {
        if (sp < 0) return;
        int[] ln = lines;
        if (sp >= ln.length) ln = ensureLines(sp + 1);
        ln[sp] = -1 - (line < 0 ? 0 : line);
        if (entryStack != stack) entryStack = stack;
        outSp = sp;
    }

    /**
     * For reverse wrappers (the extended version of a native or abstract-fallback method):
     * like {@link #callOut} with the line the caller already stored in {@code lines[sp]}.
     * {@code invokevirtual komorium/rt/TC.callOutReverse ([Lkomorium/rt/MID;I)V}
     */
    public void callOutReverse(MID[] stack, int sp) {
        if (sp < 0) return;
        int[] ln = lines;
        if (sp >= ln.length) ln = ensureLines(sp + 1);
        int v = ln[sp];
        if (v >= 0) ln[sp] = -1 - (v & ~LINE_MARK);
        if (entryStack != stack) entryStack = stack;
        outSp = sp;
    }

    int[] ensureLines(int len) {
        if (len - 1 > maxLen) maxLen = len - 1;
        int[] was = lines;
        lines = copyLines(was, maxLen + 1);
        if (init != null) init.moved(was, lines);
        return lines;
    }

    // ---------------------------------------------------------------- sampling

    /**
     * The granularity check's slow path (paper Figure 2), with the current source line of the
     * sampled (top) frame {@code stack[sp - 1]} (0 = unknown).
     * {@code invokevirtual komorium/rt/TC.triggerSampling ([Lkomorium/rt/MID;II)V}
     */
    public void triggerSampling(MID[] stack, int sp, int line) {
        sampleNext(stack, sp, line);
    }

    /**
     * The check in leaf methods (paper Figure 5), which do not push their MID at entry: stores
     * {@code mid} at {@code stack[sp]} and samples with {@code sp + 1}.
     * {@code invokevirtual komorium/rt/TC.triggerSamplingLeaf ([Lkomorium/rt/MID;ILkomorium/rt/MID;I)V}
     */
    public void triggerSamplingLeaf(MID[] stack, int sp, MID mid, int line) {
        if (suspended) {
            instrCounter = Integer.MAX_VALUE;
            return;
        }
        if (sp >= stack.length) stack = grow(stack, sp);
        stack[sp] = mid;
        Sampler.sample(this, stack, sp + 1, line);
    }

    /**
     * The granularity check's slow path as generated code calls it: like {@link #triggerSampling},
     * and returns the new counter, which the caller stores into {@link #instrCounter} itself.
     * That store follows the merge of the check's two paths, so compiled code that continues
     * after a check knows the counter's value without reloading it from memory (a sample path
     * that only returns through memory makes every later check of the inlined code a
     * store-to-load dependency on this field).
     * {@code invokevirtual komorium/rt/TC.sampleNext ([Lkomorium/rt/MID;II)I}
     */
    public int sampleNext(MID[] stack, int sp, int line) {
        if (suspended) return instrCounter = Integer.MAX_VALUE;
        Sampler.sample(this, stack, sp, line);
        return instrCounter;
    }

    /**
     * {@link #triggerSamplingLeaf} returning the new counter (see {@link #sampleNext}).
     * {@code invokevirtual komorium/rt/TC.sampleNextLeaf ([Lkomorium/rt/MID;ILkomorium/rt/MID;I)I}
     */
    public int sampleNextLeaf(MID[] stack, int sp, MID mid, int line) {
        triggerSamplingLeaf(stack, sp, mid, line);
        return instrCounter;
    }

    // ---------------------------------------------------------------- for agents (AgentView)

    /**
     * The source line in frame {@code depth - 1} that called the frame at {@code depth}
     * (0 = unknown or bottom frame).
     */
    public int callLine(int depth) {
        return AgentView.callLine(lines, depth);
    }

    /** True if the frame at {@code depth} was entered through uninstrumented code. */
    public boolean calledThroughUninstrumented(int depth) {
        int[] ln = lines;
        return depth >= 0 && depth < ln.length && ln[depth] < 0;
    }

    /** Bytecodes counted since the last sample (or registration): see {@link AgentView#pending}. */
    public long pendingBytecodes() {
        return AgentView.pending(this);
    }

    /** The pending part of the interval when sampling stopped for good ({@link AgentView#freeze}), -1 before. */
    long frozenPending = -1;

    /** The granularity of the current interval. */
    public int granularity() {
        return gran;
    }
}
