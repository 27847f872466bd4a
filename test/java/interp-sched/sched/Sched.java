package sched;

import java.io.File;
import java.io.FileOutputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/** Programs for the scheduler and clock tests (test/unit/interp-sched.test.ts). */
public class Sched {
    static final Object A = new Object();
    static final Object B = new Object();

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "deadlock": deadlock(); break;
            case "locks": lockDeadlock(); break;
            case "wait": waitForever(); break;
            case "park": parkSpin(Long.parseLong(args[1])); daemonRelease(); break;
            case "sleep": sleep(Long.parseLong(args[1]), args[2]); break;
            case "timed": timed(args); break;
            case "notime": noTime(); break;
            default: throw new IllegalArgumentException(args[0]);
        }
    }

    /** Two threads take two monitors in opposite orders (ABBA). */
    static void deadlock() throws Exception {
        CountDownLatch both = new CountDownLatch(2);
        Thread t1 = new Thread(() -> {
            synchronized (A) {
                arrive(both);
                synchronized (B) { System.out.println("first got both"); }
            }
        }, "first");
        Thread t2 = new Thread(() -> {
            synchronized (B) {
                arrive(both);
                synchronized (A) { System.out.println("second got both"); }
            }
        }, "second");
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("not reached");
    }

    static void arrive(CountDownLatch l) {
        l.countDown();
        try {
            l.await();
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
    }

    /** The same with ReentrantLocks (ownable synchronizers). */
    static void lockDeadlock() throws Exception {
        ReentrantLock a = new ReentrantLock();
        ReentrantLock b = new ReentrantLock();
        CountDownLatch both = new CountDownLatch(2);
        Thread t1 = new Thread(() -> { a.lock(); arrive(both); b.lock(); }, "lock-first");
        Thread t2 = new Thread(() -> { b.lock(); arrive(both); a.lock(); }, "lock-second");
        t1.start();
        t2.start();
        t1.join();
    }

    static void waitForever() throws Exception {
        Object lock = new Object();
        synchronized (lock) {
            System.out.println("waiting");
            lock.wait();
        }
    }

    /** A timed park in one thread while main spins in Thread.yield until it ends. */
    static void parkSpin(long ms) {
        Thread t = new Thread(() -> LockSupport.parkNanos(ms * 1_000_000L), "parker");
        long t0 = System.nanoTime();
        t.start();
        while (t.isAlive()) Thread.yield();
        long dt = (System.nanoTime() - t0) / 1_000_000L;
        System.out.println("parked >= " + ms + " ms: " + (dt >= ms));
    }

    /** Sleeps between two file writes (their modification times are the host's real clock). */
    static void sleep(long ms, String dir) throws Exception {
        touch(new File(dir, "before"));
        long n0 = System.nanoTime();
        long m0 = System.currentTimeMillis();
        Thread.sleep(ms);
        long dn = (System.nanoTime() - n0) / 1_000_000L;
        long dm = System.currentTimeMillis() - m0;
        touch(new File(dir, "after"));
        System.out.println(dn + " " + dm);
    }

    static void touch(File f) throws Exception {
        try (FileOutputStream o = new FileOutputStream(f)) {
            o.write('x');
        }
    }

    /** Main waits on a latch that a daemon thread counts down after a sleep: not a hang. */
    static void daemonRelease() throws Exception {
        CountDownLatch l = new CountDownLatch(1);
        Thread d = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
            l.countDown();
        }, "daemon-sleeper");
        d.setDaemon(true);
        d.start();
        l.await();
        System.out.println("released");
    }

    /**
     * Reads no clock: threads, and the iteration order of Set.of/Map.of (salted at JDK boot
     * with System.nanoTime() in ImmutableCollections.<clinit>).
     */
    static void noTime() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (String s : java.util.Set.of("a", "b", "c", "d", "e", "f", "g")) sb.append(s);
        for (Integer k : java.util.Map.of(1, 1, 2, 2, 3, 3, 4, 4, 5, 5).keySet()) sb.append(k);
        final long[] sum = new long[1];
        Thread[] ts = new Thread[2];
        for (int i = 0; i < ts.length; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 3000; k++) synchronized (sum) { sum[0] = sum[0] * 31 + k + id; }
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println(sb + " " + sum[0]);
    }

    /** Threads that read the clock, sleep, wait and park with timeouts. */
    static void timed(String[] args) throws Exception {
        final long[] sum = new long[1];
        final Object lock = new Object();
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 5; k++) {
                    long t0 = System.nanoTime();
                    try {
                        if (id == 0) Thread.sleep(3);
                        else if (id == 1) synchronized (lock) { lock.wait(2); }
                        else LockSupport.parkNanos(1_500_000L);
                    } catch (InterruptedException e) {
                        return;
                    }
                    long spent = System.nanoTime() - t0;
                    synchronized (lock) { sum[0] += spent % 1000; }
                    long x = 0;
                    for (int j = 0; j < 2000 * (id + 1); j++) x += j ^ spent;
                    if (x == 42) System.out.println("unlikely");
                }
            }, "timed-" + i);
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println("timed " + sum[0]);
        // A virtual hour (the profile's start and end times stay real).
        if (args.length > 1) Thread.sleep(Long.parseLong(args[1]));
    }
}
