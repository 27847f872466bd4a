// An uncaught-exception handler that throws: the VM reports it (JavaThread::exit) and goes on.
public class UncaughtHandlerThrows {
  public static void main(String[] a) throws Exception {
    Thread t = new Thread(() -> { throw new IllegalStateException("boom"); }, "worker-1");
    t.setUncaughtExceptionHandler((th, e) -> { throw new RuntimeException("handler"); });
    t.start(); t.join();
    Thread.currentThread().setName("renamed");
    Thread.setDefaultUncaughtExceptionHandler((th, e) -> { throw new Error("x"); });
    throw new Exception("main");
  }
}
