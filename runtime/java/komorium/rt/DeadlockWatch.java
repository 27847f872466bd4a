package komorium.rt;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * On HotSpot (the embedded JVM's scheduler does this itself): a daemon thread that asks
 * {@link ThreadMXBean#findDeadlockedThreads} every second whether threads of the program are
 * deadlocked. When they are, it prints a report like jstack's "Found one Java-level deadlock" on
 * the process's standard error, writes the profile (as before {@code Runtime.halt}) and halts
 * the JVM with exit code 1: a deadlocked program never ends by itself.
 *
 * <p>It is cheap: the first check comes a second after the profiler started (shorter programs
 * never load java.lang.management), and each check is one VM operation. It never runs code of
 * the program and is never profiled (it only calls JDK code, which is not instrumented there).
 */
final class DeadlockWatch implements Runnable {
    private static final long INTERVAL_MS = 1000;
    static final int EXIT_CODE = 1;

    private DeadlockWatch() {
    }

    /**
     * Starts the watch (called during runtime initialisation, only with an agent on HotSpot), in
     * the system thread group, as LiveSnapshots does: in main's group, JDK 17's
     * ThreadGroup.threadTerminated found the group not empty when main ended and skipped its
     * notifyAll, counted code the embedded engine (no watch) runs (docs/RUNTIME.md).
     */
    static Thread start() {
        ThreadGroup g = Thread.currentThread().getThreadGroup();
        for (ThreadGroup p = g.getParent(); p != null; p = p.getParent()) g = p;
        Thread t = new Thread(g, new DeadlockWatch(), "komorium-deadlock-watch");
        t.setDaemon(true);
        // Never counted: with the JDK instrumented (scope all) it runs instrumented code.
        Contexts.watchThread = t;
        t.start();
        return t;
    }

    /**
     * With the JDK instrumented (scope all) the runtime is part of java.base, which does not read
     * java.management: the watch adds the edge itself (a module may add reads of its own).
     */
    private static void readManagement() {
        // Reflection: the runtime is compiled for Java 8 (no java.lang.Module).
        try {
            Class<?> moduleClass = Class.forName("java.lang.Module");
            Object self = Class.class.getMethod("getModule").invoke(DeadlockWatch.class);
            if (!(Boolean) moduleClass.getMethod("isNamed").invoke(self)) return;
            Class<?> layer = Class.forName("java.lang.ModuleLayer");
            Object boot = layer.getMethod("boot").invoke(null);
            Object m = ((java.util.Optional<?>) layer.getMethod("findModule", String.class).invoke(boot, "java.management")).orElse(null);
            if (m != null) moduleClass.getMethod("addReads", moduleClass).invoke(self, m);
        } catch (ReflectiveOperationException e) {
            // Java 8, or no java.management: ManagementFactory below fails and says so
        }
    }

    public void run() {
        ThreadMXBean mx = null;
        while (Contexts.state != Contexts.FROZEN) {
            try {
                Thread.sleep(INTERVAL_MS);
            } catch (InterruptedException e) {
                return;
            }
            if (Contexts.state != Contexts.RUNNING) continue;
            // A deadlock needs two threads that wait (BLOCKED, or WAITING without a timeout).
            // Until then java.lang.management is neither loaded nor called: its initialisation
            // runs JDK code (lambdas, class spinning, interned strings' hashes) that the
            // program's threads share, at a moment that depends on timing, and with the JDK
            // instrumented it would change what the program's code counts (det15g).
            if (waiting() < 2) continue;
            long[] ids;
            try {
                if (mx == null) {
                    readManagement();
                    mx = ManagementFactory.getThreadMXBean();
                }
                ids = mx.isSynchronizerUsageSupported() ? mx.findDeadlockedThreads() : mx.findMonitorDeadlockedThreads();
            } catch (Throwable e) {
                Contexts.warn("deadlock detection is off: " + e);
                return;
            }
            if (ids == null || ids.length == 0) continue;
            ThreadInfo[] infos = mx.getThreadInfo(ids, mx.isObjectMonitorUsageSupported(), mx.isSynchronizerUsageSupported());
            PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), false);
            err.print(report(infos));
            err.flush();
            new ShutdownHook().write();
            Runtime.getRuntime().halt(EXIT_CODE);
        }
    }

    /** Registered threads that are alive and BLOCKED or WAITING (Thread.getState: no shared state). */
    static int waiting() {
        int n = 0;
        for (TC tc : Contexts.registered()) {
            Thread t = tc.thread;
            if (t == null) continue;
            Thread.State s = t.getState();
            if (s == Thread.State.BLOCKED || s == Thread.State.WAITING) n++;
        }
        return n;
    }

    /** jstack's deadlock section: each cycle, then the stacks of its threads. */
    static String report(ThreadInfo[] infos) {
        Map<Long, ThreadInfo> byId = new HashMap<Long, ThreadInfo>();
        for (ThreadInfo ti : infos) if (ti != null) byId.put(ti.getThreadId(), ti);
        Set<Long> done = new HashSet<Long>();
        StringBuilder sb = new StringBuilder();
        int cycles = 0;
        for (ThreadInfo start : infos) {
            if (start == null || done.contains(start.getThreadId())) continue;
            // The cycle through `start`: follow the owners until they come back.
            java.util.List<ThreadInfo> cycle = new java.util.ArrayList<ThreadInfo>();
            ThreadInfo cur = start;
            while (cur != null && !done.contains(cur.getThreadId())) {
                done.add(cur.getThreadId());
                cycle.add(cur);
                cur = byId.get(cur.getLockOwnerId());
            }
            if (cycle.isEmpty()) continue;
            cycles++;
            sb.append("Found one Java-level deadlock:\n=============================\n");
            for (int i = 0; i < cycle.size(); i++) {
                ThreadInfo ti = cycle.get(i);
                if (i > 0) sb.append('\n');
                sb.append('"').append(ti.getThreadName()).append("\":\n");
                boolean monitor = ti.getThreadState() == Thread.State.BLOCKED;
                sb.append(monitor ? "  waiting to lock monitor " : "  waiting for ownable synchronizer ").append(describe(ti.getLockInfo())).append(",\n");
                sb.append("  which is held by \"").append(ti.getLockOwnerName()).append("\"\n");
            }
            sb.append("\nJava stack information for the threads listed above:\n");
            sb.append("===================================================\n");
            for (ThreadInfo ti : cycle) stack(sb, ti);
            sb.append('\n');
        }
        sb.append("Found ").append(cycles).append(cycles == 1 ? " deadlock.\n" : " deadlocks.\n");
        return sb.toString();
    }

    private static void stack(StringBuilder sb, ThreadInfo ti) {
        sb.append('"').append(ti.getThreadName()).append("\":\n");
        StackTraceElement[] st = ti.getStackTrace();
        MonitorInfo[] locked = ti.getLockedMonitors();
        for (int i = 0; i < st.length; i++) {
            sb.append("\tat ").append(frame(st[i])).append('\n');
            if (i == 0 && ti.getLockInfo() != null) {
                Thread.State s = ti.getThreadState();
                String what = s == Thread.State.BLOCKED ? "waiting to lock " : st[i].isNativeMethod() && "wait".equals(st[i].getMethodName()) ? "waiting on " : "parking to wait for  ";
                sb.append("\t- ").append(what).append(describe(ti.getLockInfo())).append('\n');
            }
            if (locked != null) {
                for (MonitorInfo m : locked) if (m.getLockedStackDepth() == i) sb.append("\t- locked ").append(describe(m)).append('\n');
            }
        }
    }

    /** A frame as exception stack traces show it (without the built-in loaders' names). */
    private static String frame(StackTraceElement e) {
        String s = e.toString();
        if (s.startsWith("app/")) s = s.substring(4);
        else if (s.startsWith("platform/")) s = s.substring(9);
        return s.startsWith("/") ? s.substring(1) : s;
    }

    private static String describe(LockInfo l) {
        if (l == null) return "<unknown>";
        String h = Integer.toHexString(l.getIdentityHashCode());
        while (h.length() < 8) h = "0" + h;
        return "<0x" + h + "> (a " + l.getClassName() + ")";
    }
}
