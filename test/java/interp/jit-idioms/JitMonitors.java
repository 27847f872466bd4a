/**
 * synchronized blocks in compiled code (test/unit/interp-jit-idioms.test.ts): monitorenter and
 * monitorexit run in place in the compiled method, a monitorenter that would block leaves to
 * the interpreter. Two threads contend for one lock, a block is re-entered, an exception leaves
 * a block (its handler's monitorexit), a null lock throws. Same engine bytecodes (nanoTime under
 * the virtual clock), output and profile as with the JIT off and with the monitors left to the
 * interpreter.
 */
public class JitMonitors {
    static final Object LOCK = new Object();
    static long shared;
    static int spins;

    static void work(int id, int n) {
        for (int i = 0; i < n; i++) {
            synchronized (LOCK) {
                shared += id + i % 7;
                synchronized (LOCK) {
                    shared += i & 1;
                }
                // Long enough that a time slice ends inside the block now and then: the other
                // thread then blocks at its monitorenter.
                for (int k = 0; k < 20; k++) spins += k;
            }
            try {
                synchronized (LOCK) {
                    if (i % 1_001 == 1_000) throw new IllegalStateException("in block " + i);
                    shared += 3;
                }
            } catch (IllegalStateException e) {
                // Under the lock too: HotSpot's threads run truly in parallel.
                synchronized (LOCK) {
                    shared += e.getMessage().length();
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Thread other = new Thread(() -> work(2, 30_000));
        other.start();
        work(1, 30_000);
        other.join();
        Object none = args.length > 100 ? LOCK : null;
        try {
            synchronized (none) {
                shared++;
            }
        } catch (NullPointerException e) {
            shared += 5;
        }
        System.out.println("shared " + shared + " spins " + spins);
        if (args.length > 0 && args[0].equals("clock")) System.out.println("clock " + System.nanoTime());
    }
}
