import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

// Ways threads get started: a Thread subclass overriding start() (calling super.start()),
// run() called directly (no new thread), start() through a Thread reference of a subclass,
// a custom ThreadFactory used by an executor (the JDK starts the threads), java.util.Timer,
// InheritableThreadLocal values seen by children, a thread started twice
// (IllegalThreadStateException), and threads started from a static initialiser.
public class Main {
    static final List<String> EVENTS = Collections.synchronizedList(new ArrayList<>());
    static final InheritableThreadLocal<String> CTX = new InheritableThreadLocal<>();

    static class Loud extends Thread {
        Loud(String name) { super(name); }
        @Override public synchronized void start() {
            EVENTS.add("start() override in " + Thread.currentThread().getName() + " for " + getName());
            super.start();
        }
        @Override public void run() { EVENTS.add("run " + getName() + " in " + Thread.currentThread().getName() + " ctx " + CTX.get()); }
    }

    // The helper must not be code of StartedInClinit itself (its thread would wait for the
    // initialisation that is waiting for it).
    static final class Helper implements Runnable {
        final String[] box;
        Helper(String[] box) { this.box = box; }
        @Override public void run() { box[0] = "computed by " + Thread.currentThread().getName(); }
    }

    static class StartedInClinit {
        static final String RESULT;
        static {
            String[] box = new String[1];
            Thread t = new Thread(new Helper(box));
            t.setName("clinit-helper");
            t.start();
            try { t.join(); } catch (InterruptedException e) { throw new RuntimeException(e); }
            RESULT = box[0];
        }
    }

    public static void main(String[] args) throws Exception {
        CTX.set("parent-value");
        Loud a = new Loud("loud-a");
        a.start();
        a.join();
        Thread b = new Loud("loud-b");
        b.start();
        b.join();
        new Loud("loud-direct").run();
        try {
            a.start();
        } catch (IllegalThreadStateException e) {
            EVENTS.add("second start rejected");
        }
        int[] made = {0};
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "pool-" + (++made[0]));
            t.setDaemon(true);
            return t;
        };
        ExecutorService pool = Executors.newFixedThreadPool(2, factory);
        List<String> results = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 6; i++) {
            final int k = i;
            pool.submit(() -> results.add("task " + k + " ctx " + CTX.get()));
        }
        pool.shutdown();
        pool.awaitTermination(30, TimeUnit.SECONDS);
        Collections.sort(results);
        System.out.println(results + " threads made " + made[0]);
        CountDownLatch fired = new CountDownLatch(3);
        Timer timer = new Timer("timer-thread", true);
        int[] ticks = {0};
        timer.scheduleAtFixedRate(new TimerTask() {
            @Override public void run() { ticks[0]++; fired.countDown(); if (ticks[0] == 3) cancel(); }
        }, 0, 1);
        fired.await();
        timer.cancel();
        System.out.println("timer ticks " + ticks[0]);
        System.out.println(StartedInClinit.RESULT);
        for (String e : EVENTS) System.out.println(e);
    }
}
