package komorium.rt;

/**
 * Runs when the JVM shuts down (end of main and of all non-daemon threads, System.exit, an
 * uncaught exception in the last thread, SIGINT/SIGTERM; not Runtime.halt or SIGKILL): stops
 * sampling and hands every context to the agent, which writes its output.
 */
final class ShutdownHook implements Runnable {
    private static boolean ran;

    /**
     * As the JVM's shutdown hook (scope app): the JDK starts all hooks at once, so first wait for
     * the program's own (recorded by Lifecycle.addShutdownHook), whose work belongs in the profile.
     */
    public void run() {
        Contexts.awaitProgramHooks();
        write();
    }

    /** Stops sampling and writes the profile (at most once per VM). */
    void write() {
        synchronized (ShutdownHook.class) {
            if (ran) return;
            ran = true;
        }
        TC[] contexts = Contexts.freeze();
        SamplingProfiler p = Contexts.agent;
        if (p == null) {
            // A failed agent still writes the samples it took before it failed.
            p = Contexts.failedAgent;
            if (p == null) return;
            Contexts.warn("the profile ends where agent " + p.getClass().getName() + " failed: " + Contexts.failure);
        }
        try {
            p.shutdown(contexts);
        } catch (Throwable e) {
            Contexts.warn("agent " + p.getClass().getName() + " failed at shutdown: " + e);
        }
    }
}
