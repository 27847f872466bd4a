/**
 * Thread ids as the program sees them: the main thread's and those of the first threads it
 * starts. They depend on the threads HotSpot starts itself (test/unit/engine-jdks.test.ts runs java with 2 processors, as
 * the embedded JVM reports).
 */
public class ThreadIds {
  @SuppressWarnings("deprecation")
  public static void main(String[] args) throws Exception {
    System.out.println("main " + Thread.currentThread().getId());
    long[] seen = new long[1];
    Thread t = new Thread(() -> seen[0] = Thread.currentThread().getId());
    t.start();
    t.join();
    System.out.println("first " + t.getId() + " " + seen[0] + " " + t.getName());
    Thread u = new Thread(() -> {});
    System.out.println("second " + u.getId() + " " + u.getName());
  }
}
