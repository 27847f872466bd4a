package komorium.rt;

/**
 * The registry of thread contexts and the runtime's life cycle: NEW, INIT (configuration and
 * agent being loaded), RUNNING, FROZEN (the shutdown hook has taken over; no more samples).
 *
 * <p>Threads map to contexts through an open-addressing table keyed by thread identity, read
 * without locking (the table array is replaced, never mutated in place after publication
 * except for inserts under the lock, and a context's thread field is final), instead of a
 * ThreadLocal: the lookup calls only the natives Thread.currentThread and
 * System.identityHashCode, so it cannot recurse into instrumented JDK code.
 *
 * <p>Code that has to call JDK methods (configuration, agent loading and registration, pruning)
 * runs while this thread's lookups return an internal, suspended context: either the thread's
 * own context with {@code suspended} set, or {@link #internal} for the thread doing the
 * runtime's initialisation.
 */
final class Contexts {
    static final int NEW = 0, INIT = 1, RUNNING = 2, FROZEN = 3;

    static volatile int state = NEW;
    static volatile SamplingProfiler agent;
    /**
     * Last context found (a hint: checked against the current thread, so races are harmless).
     * Only {@link #remember} writes it: threads that take turns calling wrappers would otherwise
     * write this shared field at every call, and each write takes the cache line away from the
     * other cores.
     */
    static TC last;
    /** The thread of {@link #last} (compared first: reading another thread's context is slow). */
    static Thread lastThread;

    /**
     * The contexts of the threads that most recently needed the table, and their threads (the
     * second hint of {@link #lookup}; a slot is used only if its context's thread matches, so
     * torn or racing updates are harmless). The table lookup hashes the thread with
     * System.identityHashCode, which is a slow runtime call (about 15 ns) for a Thread whose
     * monitor is inflated, and that is every thread another thread is joining.
     */
    private static final int RECENT = 8;
    private static final Thread[] recentThreads = new Thread[RECENT];
    private static final TC[] recentContexts = new TC[RECENT];
    private static int recentNext;

    /** Table lookups of a thread after which it takes over a slot of the hints. */
    static final int HINT_PERIOD = 4096;

    private static final Object LOCK = new Object();
    private static final Object INIT_LOCK = new Object();
    private static volatile TC[] table = new TC[64];
    private static int tableCount;
    private static TC[] all = new TC[16];
    private static int allCount;

    /** The thread running runtime-internal JDK code outside any context, and its context. */
    private static volatile Thread internalThread;
    private static TC internalTC;

    /** Creator snapshots of threads started by instrumented code, not yet running. */
    private static final int MAX_PENDING = 4096;
    private static Thread[] pendingThreads = new Thread[8];
    private static StackSnapshot[] pendingSnaps = new StackSnapshot[8];
    private static int pendingCount;

    private static volatile boolean agentFailureReported;

    /** The live-snapshot thread (komorium.live): its contexts are never registered. */
    private static volatile Thread liveThread;

    /**
     * The live-snapshot thread's context, outside the table and the hints: its lookups, at
     * moments the wall clock sets, took hint slots and table places from the program's threads,
     * whose next lookups then ran other (uncounted, but executed) bytecodes, and on the
     * embedded engine their time slices ended elsewhere. Only that thread reads or writes it.
     */
    private static TC liveTC;

    /** Called by LiveSnapshots before it starts the thread (its first wrapper asks for a context at once). */
    static void setLiveThread(Thread t) {
        liveThread = t;
    }

    private static TC liveContext(Thread t) {
        TC c = liveTC;
        if (c == null) {
            c = new TC(t, -1, Config.stackSize, null);
            c.suspended = true;
            liveTC = c;
        }
        return c;
    }
    /** The shutdown-hook thread: when the JDK is instrumented it runs instrumented code, never counted. */
    private static volatile Thread hookThread;
    /** The deadlock watch's thread (DeadlockWatch): never counted either. */
    static volatile Thread watchThread;

    private Contexts() {
    }

    static TC lookup(Thread t) {
        // While the JDK boots, no context is ever registered (see slow), and even
        // System.identityHashCode may not be linked yet (HotSpot with the JDK instrumented: the
        // VM would look it up through instrumented Java code): go there at once. No thread yet
        // (HotSpot runs Java code before it creates the main thread's Thread): the boot context.
        if (vmBooting || t == null) return internal(t);
        if (t == liveThread) return liveContext(t);
        Thread[] rt = recentThreads;
        for (int k = 0; k < RECENT; k++) {
            if (rt[k] == t) {
                TC c = recentContexts[k];
                if (c != null && c.thread == t) {
                    // A thread found here takes the first hint back after as many lookups as
                    // one found in the table: otherwise a thread that lost the first hint to
                    // another (a JDK thread running instrumented code, the deadlock watch) would
                    // scan this array at every wrapper for the rest of the run.
                    if (++c.hintMisses >= HINT_PERIOD) {
                        c.hintMisses = 0;
                        last = c;
                        lastThread = t;
                    }
                    return c;
                }
            }
        }
        TC[] tab = table;
        int mask = tab.length - 1;
        int i = System.identityHashCode(t) & mask;
        while (true) {
            TC c = tab[i];
            if (c == null) break;
            if (c.thread == t) {
                if (++c.hintMisses >= HINT_PERIOD) {
                    c.hintMisses = 0;
                    remember(c);
                }
                return c;
            }
            i = (i + 1) & mask;
        }
        return slow(t);
    }

    /** Makes {@code c} the first hint and gives it a slot of the second (round robin). */
    private static void remember(TC c) {
        int k = recentNext;
        recentNext = (k + 1) & (RECENT - 1);
        recentContexts[k] = c;
        recentThreads[k] = c.thread;
        last = c;
        lastThread = c.thread;
    }

    /** Drops a released context from the hints. */
    private static void forget(TC c) {
        if (last == c) {
            last = null;
            lastThread = null;
        }
        for (int k = 0; k < RECENT; k++) {
            if (recentContexts[k] == c) {
                recentThreads[k] = null;
                recentContexts[k] = null;
            }
        }
    }

    /**
     * Set by an embedded JVM while it boots the JDK (whose classes may be instrumented): until it
     * clears it, every thread gets an internal context (no configuration, no agent, no samples).
     * On HotSpot with the JDK instrumented (scope all), the copy of the runtime in java.base
     * starts with it set and LauncherHelper.checkAndLoadMain clears it (engine/jdk-modules.ts).
     */
    static volatile boolean vmBooting;

    private static TC slow(Thread t) {
        if (internalThread == t || vmBooting) return internal(t);
        if (state < RUNNING) {
            init(t);
            if (internalThread == t) return internal(t);
        }
        return create(t);
    }

    /**
     * The context of Java code that runs before there is a current thread, and of the runtime's
     * own calls that re-enter {@link #internal} while it makes a thread's internal context (an
     * exception constructed there runs an instrumented constructor, which asks for a context
     * again): suspended, never registered. It may be shared by threads; being suspended, it is
     * only used for scratch stacks.
     */
    static final TC BOOT_TC = bootContext();

    /** The thread making its internal context in {@link #internal} (re-entry gets {@link #BOOT_TC}). */
    private static volatile Thread makingInternal;

    private static TC bootContext() {
        TC c = new TC(null, -1, 16, null);
        c.suspended = true;
        return c;
    }

    /**
     * Set (with {@link #vmBooting}) in the java.base copy of the runtime of HotSpot's instrumented
     * JDK, and cleared at the start of the constructor {@code Thread(ThreadGroup, String)}, which
     * HotSpot runs for the main thread's Thread once the thread's handle is set
     * (engine/reflect-patch.ts, NO_THREAD_FLAG). While set, {@link TC#getTC} returns
     * {@link #BOOT_TC} without calling Thread.currentThread(): JDK 25 runs String.<clinit> and
     * others before that Thread exists, and there its interpreter's Thread.currentThread() throws
     * a NullPointerException (whose instrumented constructor would ask for a context again).
     */
    // Not volatile (TC.getTC reads it at every wrapper, and a volatile read keeps C2 from
    // merging the loads of wrappers inlined one after the other): it is set before any Java
    // thread exists and cleared by the main thread itself before it starts any other thread
    // (Thread.start orders the write before everything the new thread reads).
    static boolean noThreadYet;

    /** A context for runtime-internal code: never registered, never samples. */
    private static TC internal(Thread t) {
        TC c = internalTC;
        if (c != null && c.thread == t) return c;
        if (t == null || makingInternal == t) return BOOT_TC;
        makingInternal = t;
        try {
            // Draw the thread's identity hash here, as the table probe did before lookup went
            // straight to internal() while booting: the embedded JVM hands out identity hashes
            // in a fixed sequence, and the program's own hashes must not move.
            System.identityHashCode(t);
            c = new TC(t, -1, 16, null);
            c.suspended = true;
            internalTC = c;
        } finally {
            makingInternal = null;
        }
        return c;
    }

    private static void init(Thread t) {
        synchronized (INIT_LOCK) {
            if (state != NEW) return;
            state = INIT;
            internalThread = t;
            try {
                Config.load();
                agent = loadAgent(Config.agent);
                // With the JDK instrumented (scope all) the profile is written when the hooks
                // have run (Lifecycle.beforeHalt at jdk.internal.misc.VM.shutdown, transform/scope.ts):
                // the program's own hooks are profiled, and no hook of ours is started and
                // joined by the JDK's counted code (the exact profile has none).
                if (!"all".equals(Config.scope)) {
                    Thread hook = new Thread(new ShutdownHook(), "komorium-shutdown");
                    hookThread = hook;
                    Runtime.getRuntime().addShutdownHook(hook);
                }
                if (Config.live != null && agent instanceof DefaultAgent) liveThread = LiveSnapshots.start(agent.getClass().getName());
                // The embedded JVM detects deadlocks and hangs in its scheduler.
                if (agent != null && !"interp".equals(Config.engine)) DeadlockWatch.start();
            } catch (Throwable e) {
                agent = null;
                warn("initialisation failed, profiling disabled: " + e);
            } finally {
                internalThread = null;
                internalTC = null;
                state = RUNNING;
            }
        }
    }

    private static SamplingProfiler loadAgent(String name) throws Exception {
        if (name == null || name.length() == 0 || name.equals("none")) return null;
        if (name.equals(DefaultAgent.class.getName())) return new DefaultAgent();
        ClassLoader cl = ClassLoader.getSystemClassLoader();
        Class<?> c = Class.forName(name, true, cl);
        Object o = c.getDeclaredConstructor().newInstance();
        if (!(o instanceof SamplingProfiler)) {
            throw new IllegalArgumentException("komorium.agent " + name + " does not implement " + SamplingProfiler.class.getName());
        }
        return (SamplingProfiler) o;
    }

    private static TC create(Thread t) {
        TC c;
        boolean reg;
        SamplingProfiler p;
        synchronized (LOCK) {
            c = probe(table, t);
            if (c != null) return c;
            p = agent;
            // The live-snapshot thread only reads the agent's data: never counted, never sampled.
            reg = state == RUNNING && t != liveThread && t != hookThread && t != watchThread;
            StackSnapshot snap = reg ? takePending(t) : null;
            c = new TC(t, reg ? allCount : -1, Config.stackSize, snap);
            if (!reg) c.suspended = true;
            if ((tableCount + 1) * 2 > table.length) rehash(t);
            insert(table, c);
            tableCount++;
            if (reg) {
                if (allCount == all.length) {
                    TC[] a = new TC[all.length * 2];
                    System.arraycopy(all, 0, a, 0, allCount);
                    all = a;
                }
                all[allCount++] = c;
            }
        }
        if (reg && p != null) Sampler.register(c, p);
        remember(c);
        return c;
    }

    private static TC probe(TC[] tab, Thread t) {
        int mask = tab.length - 1;
        int i = System.identityHashCode(t) & mask;
        while (true) {
            TC c = tab[i];
            if (c == null) return null;
            if (c.thread == t) return c;
            i = (i + 1) & mask;
        }
    }

    private static void insert(TC[] tab, TC c) {
        int mask = tab.length - 1;
        int i = System.identityHashCode(c.thread) & mask;
        while (tab[i] != null) i = (i + 1) & mask;
        tab[i] = c;
    }

    /**
     * Rebuilds the table (under LOCK), leaving out contexts of threads that have ended and
     * freeing their stacks (their agent data stays). Thread.isAlive may be Java code in an
     * instrumented JDK, so the calling thread runs it as the internal thread.
     */
    private static void rehash(Thread self) {
        TC[] old = table;
        Thread prevInternal = internalThread;
        TC prevTC = internalTC;
        internalThread = self;
        int live = 0;
        boolean[] keep = new boolean[old.length];
        try {
            for (int i = 0; i < old.length; i++) {
                TC c = old[i];
                if (c == null) continue;
                boolean alive = true;
                try {
                    alive = c.thread == self || c.thread.isAlive();
                } catch (Throwable e) {
                    alive = true;
                }
                keep[i] = alive;
                if (alive) live++;
            }
        } finally {
            internalThread = prevInternal;
            internalTC = prevTC;
        }
        int n = old.length;
        while ((live + 2) * 2 > n) n *= 2;
        while (n > 64 && (live + 2) * 8 < n) n /= 2;
        TC[] tab = new TC[n];
        for (int i = 0; i < old.length; i++) {
            TC c = old[i];
            if (c == null) continue;
            if (keep[i]) insert(tab, c);
            else {
                AgentView.release(c);
                forget(c);
            }
        }
        tableCount = live;
        table = tab;
    }

    // ---------------------------------------------------------------- thread start snapshots

    static boolean putPending(Thread t, StackSnapshot s) {
        if (state != RUNNING) return false;
        synchronized (LOCK) {
            for (int i = 0; i < pendingCount; i++) {
                if (pendingThreads[i] == t) {
                    pendingSnaps[i] = s;
                    return true;
                }
            }
            if (pendingCount == MAX_PENDING) {
                // Threads started but never running instrumented code: forget the oldest.
                System.arraycopy(pendingThreads, 1, pendingThreads, 0, pendingCount - 1);
                System.arraycopy(pendingSnaps, 1, pendingSnaps, 0, pendingCount - 1);
                pendingCount--;
            }
            if (pendingCount == pendingThreads.length) {
                Thread[] a = new Thread[pendingCount * 2];
                System.arraycopy(pendingThreads, 0, a, 0, pendingCount);
                pendingThreads = a;
                StackSnapshot[] b = new StackSnapshot[pendingCount * 2];
                System.arraycopy(pendingSnaps, 0, b, 0, pendingCount);
                pendingSnaps = b;
            }
            pendingThreads[pendingCount] = t;
            pendingSnaps[pendingCount] = s;
            pendingCount++;
            return true;
        }
    }

    static void removePending(Thread t) {
        synchronized (LOCK) {
            takePending(t);
        }
    }

    /** Under LOCK. */
    private static StackSnapshot takePending(Thread t) {
        for (int i = 0; i < pendingCount; i++) {
            if (pendingThreads[i] == t) {
                StackSnapshot s = pendingSnaps[i];
                System.arraycopy(pendingThreads, i + 1, pendingThreads, i, pendingCount - i - 1);
                System.arraycopy(pendingSnaps, i + 1, pendingSnaps, i, pendingCount - i - 1);
                pendingCount--;
                pendingThreads[pendingCount] = null;
                pendingSnaps[pendingCount] = null;
                return s;
            }
        }
        return null;
    }

    /** The registered contexts so far, in registration order (for live snapshots). */
    static TC[] registered() {
        synchronized (LOCK) {
            TC[] a = new TC[allCount];
            System.arraycopy(all, 0, a, 0, allCount);
            return a;
        }
    }

    // ---------------------------------------------------------------- shutdown

    /** The program's shutdown hooks (Lifecycle.addShutdownHook), registered and not removed. */
    private static Thread[] programHooks = new Thread[4];
    private static int programHookCount;

    static void programHook(Thread hook, boolean add) {
        synchronized (LOCK) {
            int n = programHookCount;
            for (int i = 0; i < n; i++) {
                if (programHooks[i] != hook) continue;
                if (!add) {
                    programHooks[i] = programHooks[n - 1];
                    programHooks[n - 1] = null;
                    programHookCount = n - 1;
                }
                return;
            }
            if (!add) return;
            if (n == programHooks.length) {
                Thread[] a = new Thread[n * 2];
                System.arraycopy(programHooks, 0, a, 0, n);
                programHooks = a;
            }
            programHooks[n] = hook;
            programHookCount = n + 1;
        }
    }

    /**
     * Called by the runtime's own hook thread: waits until every recorded program hook has run.
     * The JDK (ApplicationShutdownHooks) starts every registered hook, so one not started yet
     * will be, and joins them all; a hook that never ends keeps the JVM from exiting anyway.
     */
    static void awaitProgramHooks() {
        Thread[] hooks;
        synchronized (LOCK) {
            hooks = new Thread[programHookCount];
            System.arraycopy(programHooks, 0, hooks, 0, hooks.length);
        }
        Thread me = Thread.currentThread();
        for (int i = 0; i < hooks.length; i++) {
            Thread h = hooks[i];
            if (h == me) continue;
            try {
                while (h.getState() == Thread.State.NEW) Thread.sleep(1);
                h.join();
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Stops sampling for good and returns every registered context, in registration order. */
    static TC[] freeze() {
        synchronized (LOCK) {
            state = FROZEN;
            TC[] a = new TC[allCount];
            System.arraycopy(all, 0, a, 0, allCount);
            Thread me = Thread.currentThread();
            for (int i = 0; i < a.length; i++) if (a[i] != null) AgentView.freeze(a[i], me);
            pendingCount = 0;
            return a;
        }
    }

    static void agentFailed(SamplingProfiler p, Throwable e) {
        if (agent == p) {
            agent = null;
            failedAgent = p;
            failure = e;
        }
        if (!agentFailureReported) {
            agentFailureReported = true;
            warn("agent " + p.getClass().getName() + " failed, sampling stopped: " + e);
        }
    }

    /**
     * The agent that failed during the run, and how (agentFailed): at shutdown it still writes
     * what it gathered until then, so a failure never loses the profile.
     */
    static volatile SamplingProfiler failedAgent;
    static volatile Throwable failure;

    static void warn(String msg) {
        try {
            System.err.println("komorium: " + msg);
        } catch (Throwable ignored) {
            // nothing else to do
        }
    }
}
