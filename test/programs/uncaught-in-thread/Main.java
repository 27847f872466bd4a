// An exception uncaught in a worker thread is printed by the default handler as
// 'Exception in thread "worker-1" ...' on stderr; the main thread continues and exits 0.
// A second thread uses its own UncaughtExceptionHandler; a third throws an Error.
public class Main {
    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            System.out.println("worker-1 starting");
            int[] a = new int[2];
            a[5] = 1;
        }, "worker-1");
        t1.start();
        t1.join();
        Thread t2 = new Thread(() -> { throw new IllegalStateException("handled elsewhere"); }, "worker-2");
        t2.setUncaughtExceptionHandler((t, e) -> System.out.println("handler got " + e.getMessage() + " from " + t.getName()));
        t2.start();
        t2.join();
        Thread t3 = new Thread(new Runnable() {
            @Override public void run() { deep(3); }
            void deep(int n) { if (n == 0) throw new AssertionError("assertion in thread"); deep(n - 1); }
        }, "worker-3");
        t3.start();
        t3.join();
        System.out.println("main done, threads alive: " + t1.isAlive() + " " + t2.isAlive() + " " + t3.isAlive());
    }
}
