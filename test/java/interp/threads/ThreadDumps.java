import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;

/**
 * Other threads' stacks (Thread.getStackTrace of another thread, Thread.getAllStackTraces: the
 * natives Thread.getThreads and dumpThreads), and every live thread as java lists it (ids,
 * names, states, daemon, priorities, groups): the JDK's own (Reference Handler, Finalizer,
 * Common-Cleaner) and HotSpot's (Signal Dispatcher, Notification Thread). A lambda proxy's
 * address differs from run to run and is masked.
 */
public class ThreadDumps {
  static final Object lock = new Object();
  static final Object gate = new Object();

  static void waitHere(CountDownLatch ready) throws InterruptedException {
    synchronized (lock) {
      ready.countDown();
      lock.wait();
    }
  }

  static void enterGate() {
    synchronized (gate) {
      System.out.println("blocked got in");
    }
  }

  static String frame(StackTraceElement e) {
    return e.toString().replaceAll("/0x[0-9a-f]+", "/0x...");
  }

  static void print(String what, StackTraceElement[] trace) {
    System.out.println(what + ": " + trace.length + " frames");
    for (StackTraceElement e : trace) System.out.println("    " + frame(e));
  }

  public static void main(String[] args) throws Exception {
    CountDownLatch ready = new CountDownLatch(1);
    Thread waiter = new Thread(() -> {
      try {
        waitHere(ready);
      } catch (InterruptedException e) {
        System.out.println("interrupted");
      }
    }, "waiter");
    waiter.setDaemon(true);
    waiter.start();
    ready.await();
    synchronized (lock) {
    }
    while (waiter.getState() != Thread.State.WAITING) Thread.yield();

    Thread blocked = new Thread(ThreadDumps::enterGate, "blocked");
    Thread unstarted = new Thread(() -> {}, "unstarted");
    Thread finished = new Thread(() -> {}, "finished");
    finished.start();
    finished.join();
    synchronized (gate) {
      blocked.start();
      while (blocked.getState() != Thread.State.BLOCKED) Thread.yield();
      System.out.println("ids: waiter " + waiter.getId() + " blocked " + blocked.getId() + " main " + Thread.currentThread().getId());
      print("waiter", waiter.getStackTrace());
      print("blocked", blocked.getStackTrace());
      print("unstarted", unstarted.getStackTrace());
      print("finished", finished.getStackTrace());
      print("main", Thread.currentThread().getStackTrace());

      Map<String, StackTraceElement[]> all = new TreeMap<>();
      for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) all.put(e.getKey().getName(), e.getValue());
      System.out.println("all: " + all.keySet());
      for (Map.Entry<String, StackTraceElement[]> e : all.entrySet()) print("all " + e.getKey(), e.getValue());

      ThreadGroup g = Thread.currentThread().getThreadGroup();
      while (g.getParent() != null) g = g.getParent();
      Thread[] ts = new Thread[g.activeCount() + 10];
      int n = g.enumerate(ts);
      TreeMap<Long, String> byId = new TreeMap<>();
      for (int i = 0; i < n; i++) {
        Thread t = ts[i];
        byId.put(t.getId(), t.getName() + " " + t.getState() + " alive " + t.isAlive() + " daemon " + t.isDaemon() + " priority " + t.getPriority() + " group " + t.getThreadGroup().getName());
      }
      System.out.println("enumerate: " + n);
      for (Map.Entry<Long, String> e : byId.entrySet()) System.out.println("  " + e.getKey() + " " + e.getValue());
    }
    blocked.join();
  }
}
