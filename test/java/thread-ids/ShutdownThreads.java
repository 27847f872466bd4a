import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The threads a shutdown hook sees: java's launcher runs the shutdown on a "DestroyJavaVM"
 * thread the VM attaches after main returns (Thread(ThreadGroup, String) in the main group,
 * with the next thread id), not on main, which has ended by then.
 */
public class ShutdownThreads {
  @SuppressWarnings("deprecation")
  public static void main(String[] args) throws Exception {
    Thread main = Thread.currentThread();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      Thread me = Thread.currentThread();
      System.out.println("hook " + me.getId() + " " + me.getName() + " in " + me.getThreadGroup().getName());
      System.out.println("main alive " + main.isAlive() + " " + main.getState());
      ThreadGroup root = me.getThreadGroup();
      while (root.getParent() != null) root = root.getParent();
      Thread[] all = new Thread[64];
      int n = root.enumerate(all, true);
      List<String> seen = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Thread t = all[i];
        if (t.getName().equals("DestroyJavaVM") || t.getName().equals("main") || t == me)
          seen.add(t.getName() + " " + t.getId() + " " + t.getThreadGroup().getName() + " " + t.getPriority() + " " + t.isDaemon() + " " + t.getState());
      }
      Collections.sort(seen);
      for (String s : seen) System.out.println("  " + s);
      System.out.println("a thread made in the hook " + new Thread(() -> {}).getId());
    }));
    System.out.println("main " + main.getId() + " " + main.getName());
  }
}
