package komorium.rt;

import java.io.File;

/**
 * Live snapshots (opt-in, {@code komorium.live=FILE}): a daemon thread that, {@link #FIRST} ms
 * after it starts and then every {@code komorium.liveInterval} milliseconds, writes the default
 * agent's profile of the samples so far to FILE (atomically, like the final profile), so that an editor can show the profile
 * while the program runs.
 *
 * <p>It only reads the agent's data: each thread's tree is copied while holding that thread's
 * context monitor, as the shutdown path does (docs/RUNTIME.md, invariants 3-4), so a sample
 * never sees a half-copied tree and the copy never sees a half-updated one. The thread itself
 * is never registered (its contexts are suspended and never sample), and the writer it uses
 * shares no state with the final writer, so the final profile is the same with or without
 * live snapshots. It stops when the runtime freezes at shutdown.
 */
final class LiveSnapshots implements Runnable {
    /**
     * Milliseconds before the first snapshot (when shorter than the interval): an editor shows
     * the first numbers early, not a whole interval after the program started.
     */
    static final long FIRST = 150;

    private final String agentName;
    private final File target;
    private final long interval;

    private LiveSnapshots(String agentName) {
        this.agentName = agentName;
        this.target = new File(Config.live).getAbsoluteFile();
        this.interval = Config.liveInterval;
    }

    /**
     * Starts the snapshot thread (called during runtime initialisation) and returns it. It is
     * made in the system thread group, not the caller's (main's): on JDK 17 a group keeps its
     * threads in an array that Thread.start grows and thread exit searches, counted code with
     * the JDK instrumented, and one more thread in main's group changed what the program's
     * thread starts and ends counted (docs/RUNTIME.md, "Live snapshots").
     */
    static Thread start(String agentName) {
        ThreadGroup g = Thread.currentThread().getThreadGroup();
        for (ThreadGroup p = g.getParent(); p != null; p = p.getParent()) g = p;
        Thread t = new Thread(g, new LiveSnapshots(agentName), "komorium-live");
        t.setDaemon(true);
        Contexts.setLiveThread(t);
        t.start();
        return t;
    }

    public void run() {
        boolean reported = false;
        // Snapshots start every `interval` ms (not `interval` ms after the last one ended): on
        // the embedded engine building one takes hundreds of ms, which used to stretch the
        // cadence to 1-3 s. A snapshot that took longer than the interval is followed by a pause
        // of half its time (at most one interval), so the program still gets its share.
        long took = 0;
        boolean attempted = false;
        while (Contexts.state != Contexts.FROZEN) {
            try {
                Thread.sleep(attempted ? Math.max(interval - took, Math.max(Math.min(took / 2, interval), 1)) : Math.min(interval, FIRST));
            } catch (InterruptedException e) {
                return;
            }
            if (Contexts.state != Contexts.RUNNING) continue;
            long start = System.nanoTime();
            try {
                byte[] bytes = ProfileWriter.snapshot(Contexts.registered(), agentName);
                if (Contexts.state == Contexts.FROZEN) return;
                ProfileWriter.writeAtomically(target, bytes);
            } catch (Throwable e) {
                if (!reported) {
                    reported = true;
                    Contexts.warn("could not write a live snapshot to " + target.getPath() + ": " + e);
                }
            }
            took = (System.nanoTime() - start) / 1000000L;
            attempted = true;
        }
    }
}
