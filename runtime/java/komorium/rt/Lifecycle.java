package komorium.rt;

/**
 * What generated code calls in place of the JDK calls that start a thread or end the VM
 * (docs/RUNTIME.md, the contract): a started thread continues its creator's reified stack, and
 * the profile is written before a halt and after the program's shutdown hooks.
 */
public final class Lifecycle {
    private Lifecycle() {}

    /**
     * Replaces a call {@code t.start()} in instrumented code (any call resolving to
     * {@code java/lang/Thread.start()V}): records the creator's reified stack so that the new
     * thread's first wrapper continues it, then starts the thread.
     * {@code invokestatic komorium/rt/Lifecycle.startThread
     * (Ljava/lang/Thread;Lkomorium/rt/TC;[Lkomorium/rt/MID;II)V}
     */
    public static void startThread(Thread t, TC tc, MID[] stack, int sp, int line) {
        boolean captured = false;
        if (tc != null) {
            tc.callOut(stack, sp, line);
            if (t != null && !tc.suspended && stack != null && sp >= 0 && sp <= stack.length) {
                captured = Contexts.putPending(t, new StackSnapshot(stack, tc.lines, sp));
            }
        }
        boolean ok = false;
        try {
            t.start();
            ok = true;
        } finally {
            if (!ok && captured) Contexts.removePending(t);
        }
    }

    /**
     * Generated code calls this right before {@code Runtime.halt(int)}, which skips shutdown
     * hooks: the agent writes its profile now (at most once per VM).
     * {@code invokestatic komorium/rt/Lifecycle.beforeHalt ()V}
     */
    public static void beforeHalt() {
        new ShutdownHook().write();
    }

    /**
     * Replaces {@code Runtime.addShutdownHook(hook)} where it has no extended version (scope
     * app): registers the hook, then records it; the runtime's own hook waits for the recorded
     * hooks before it writes the profile, so their work is in it (the JDK runs all hooks at once).
     * {@code invokestatic komorium/rt/Lifecycle.addShutdownHook (Ljava/lang/Runtime;Ljava/lang/Thread;)V}
     */
    public static void addShutdownHook(Runtime rt, Thread hook) {
        rt.addShutdownHook(hook);
        Contexts.programHook(hook, true);
    }

    /**
     * Replaces {@code Runtime.removeShutdownHook(hook)} (see {@link #addShutdownHook}).
     * {@code invokestatic komorium/rt/Lifecycle.removeShutdownHook (Ljava/lang/Runtime;Ljava/lang/Thread;)Z}
     */
    public static boolean removeShutdownHook(Runtime rt, Thread hook) {
        boolean r = rt.removeShutdownHook(hook);
        if (r) Contexts.programHook(hook, false);
        return r;
    }
}
