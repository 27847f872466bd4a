// synchronized instance and static methods, synchronized blocks on various monitors, nested
// and re-entrant locking, exceptions thrown while holding a monitor (released by the handler),
// Thread.holdsLock, and a two-thread counter that must total exactly.
public class Main {
    private int count;
    private static int staticCount;
    private final Object lock = new Object();

    synchronized void inc() { count++; }
    static synchronized void staticInc() { staticCount++; }
    synchronized int reentrant(int depth) { return depth == 0 ? count : reentrant(depth - 1) + 1; }

    int blockInc(int n) {
        synchronized (lock) {
            for (int i = 0; i < n; i++) {
                synchronized (this) { count++; }
            }
            return count;
        }
    }

    void failInside() {
        synchronized (lock) {
            System.out.println("holds lock " + Thread.holdsLock(lock));
            throw new IllegalStateException("thrown while locked");
        }
    }

    static String classLock() {
        synchronized (Main.class) {
            return "class lock held " + Thread.holdsLock(Main.class);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Main m = new Main();
        Runnable work = () -> {
            for (int i = 0; i < 20_000; i++) { m.inc(); staticInc(); }
            m.blockInc(500);
        };
        Thread t1 = new Thread(work, "t1"), t2 = new Thread(work, "t2");
        t1.start(); t2.start();
        t1.join(); t2.join();
        System.out.println("count " + m.count + " static " + staticCount);
        System.out.println("reentrant " + m.reentrant(10));
        try {
            m.failInside();
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage() + ", still holds " + Thread.holdsLock(m.lock));
        }
        System.out.println(classLock() + ", after " + Thread.holdsLock(Main.class));
        String s = "interned";
        synchronized (s) {
            synchronized (m) {
                System.out.println("nested " + Thread.holdsLock(s) + " " + Thread.holdsLock(m));
            }
        }
        Object[] locks = {new Object(), new Object(), new Object()};
        int acc = 0;
        for (Object l : locks) synchronized (l) { acc += Thread.holdsLock(l) ? 1 : 0; }
        System.out.println("acc " + acc);
    }
}
