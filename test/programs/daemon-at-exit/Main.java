import java.util.concurrent.CountDownLatch;

// Daemon threads still running (busy in a loop, and blocked on a lock) when main returns: the
// JVM exits without waiting for them; the program's output is only what main and the daemons
// printed before the start latches opened.
public class Main {
    static volatile long sink;
    static final Object LOCK = new Object();

    static long spin(long n) {
        long x = n;
        for (int i = 0; i < 1000; i++) x = x * 6364136223846793005L + 1442695040888963407L;
        return x;
    }

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch busyStarted = new CountDownLatch(1), blockedStarted = new CountDownLatch(1);
        Thread busy = new Thread(() -> {
            System.out.println("busy daemon started");
            busyStarted.countDown();
            long n = 0;
            while (true) sink = spin(n++);
        }, "busy-daemon");
        Thread blocked = new Thread(() -> {
            synchronized (LOCK) {
                System.out.println("blocked daemon holds the lock");
                blockedStarted.countDown();
                try { LOCK.wait(); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
            }
        }, "blocked-daemon");
        busy.setDaemon(true);
        blocked.setDaemon(true);
        busy.start();
        busyStarted.await();
        blocked.start();
        blockedStarted.await();
        long local = 0;
        for (int i = 0; i < 200; i++) local += spin(i) & 0xff;
        System.out.println("main done " + local + ", daemons alive " + busy.isAlive() + " " + blocked.isAlive());
    }
}
