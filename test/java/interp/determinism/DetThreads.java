import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two threads interleave on a shared log (test/unit/interp-determinism.test.ts): where the
 * scheduler switches them decides the order, which the output's checksum shows. The switch
 * points must not depend on the JIT (compiled code ends a time slice at back edges only).
 */
public class DetThreads {
  static final AtomicInteger pos = new AtomicInteger();
  static int[] log;

  static final int[] weights = {0, 1, 2, 0, 1, 2, 1, 0};

  /**
   * Small enough to be inlined into work's compiled loop; the array access may throw, so the
   * transformer gives it a catch-all handler that writes its counter back (docs/TRANSFORM.md),
   * which the inlined body leaves out (and must not count).
   */
  static int slot(int i) {
    return weights[i & 7];
  }

  static void work(int id, int n) {
    for (int i = 1; i < n; i++) {
      if ((Det.chain(i + id) + slot(i)) % 3 == 0) log[pos.getAndIncrement()] = id;
    }
  }

  public static void main(String[] args) throws InterruptedException {
    int n = Integer.parseInt(args[0]);
    log = new int[2 * n];
    Thread t = new Thread(() -> work(2, n), "worker");
    t.start();
    work(1, n);
    t.join();
    long h = 0;
    for (int i = 0; i < pos.get(); i++) h = h * 31 + log[i];
    System.out.println(pos.get() + " " + h);
  }
}
