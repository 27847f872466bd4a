/** Lists the threads of main's group, as a program sees them: the profiler's own threads are not among them. */
public class ThreadGroups {
  public static void main(String[] args) {
    ThreadGroup g = Thread.currentThread().getThreadGroup();
    Thread[] ts = new Thread[16];
    int n = g.enumerate(ts, false);
    System.out.println(g.getName() + ": " + n + " thread(s), activeCount " + g.activeCount());
    for (int i = 0; i < n; i++) System.out.println("  " + ts[i].getName());
  }
}
