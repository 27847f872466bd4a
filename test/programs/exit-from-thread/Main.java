// System.exit called by a worker thread while the main thread waits in join(): the JVM exits
// with the worker's code, shutdown hooks run, main's code after join never runs.
public class Main {
    public static void main(String[] args) throws InterruptedException {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("hook ran")));
        Thread worker = new Thread(() -> {
            long sum = 0;
            for (int i = 0; i < 100_000; i++) sum += i % 7;
            System.out.println("worker computed " + sum);
            System.exit((int) (sum % 100));
        }, "worker");
        worker.start();
        worker.join();
        System.out.println("main after join: must not print");
    }
}
