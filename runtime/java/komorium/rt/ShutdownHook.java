package komorium.rt;

/**
 * Runs when the JVM shuts down (end of main and of all non-daemon threads, System.exit, an
 * uncaught exception in the last thread, SIGINT/SIGTERM; not Runtime.halt or SIGKILL): stops
 * sampling and hands every context to the agent, which writes its output.
 */
final class ShutdownHook implements Runnable {
    private static boolean ran;

    public void run() {
        synchronized (ShutdownHook.class) {
            if (ran) return;
            ran = true;
        }
        TC[] contexts = Contexts.freeze();
        SamplingProfiler p = Contexts.agent;
        if (p == null) return;
        try {
            p.shutdown(contexts);
        } catch (Throwable e) {
            Contexts.warn("agent " + p.getClass().getName() + " failed at shutdown: " + e);
        }
    }
}
