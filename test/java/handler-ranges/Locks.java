// A synchronized block whose catch-any handler covers its own first instructions (javac's
// `astore; aload; monitorexit` with the range [H, H+3) -> H), called often enough for C1.
public class Locks {
    static final Object LOCK = new Object();
    static long total;

    static long add(int x) {
        synchronized (LOCK) {
            if (x == -1) throw new IllegalStateException("inside the lock");
            total += x;
            return total;
        }
    }

    public static void main(String[] args) {
        long s = 0;
        for (int i = 0; i < 30_000; i++) s += add(i & 7);
        try {
            add(-1);
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage() + ", lock held: " + Thread.holdsLock(LOCK));
        }
        System.out.println("sum " + s + " total " + total);
    }
}
