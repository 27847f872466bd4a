/**
 * Time slices continued in place in compiled code (jit/stay.ts) and direct sampling calls from
 * loop-free compiled methods: a deep recursion (loop-free, so its samples call the sampler
 * directly) whose every level runs a small loop (back edges, where slices end, deep in the JS
 * stack), while a second thread wakes from timed sleeps and records how far the recursion got.
 * With the virtual clock the wake-ups come at fixed bytecode counts: a slice continued past a
 * due wake-up, or a clock that moved otherwise, records other values.
 */
public class JitStay {
    static volatile long progress;

    static int spin(int k) {
        int s = 0;
        for (int i = 0; i < k; i++) s += i ^ k;
        return s;
    }

    static int deep(int d, int salt) {
        progress++;
        int x = spin((d ^ salt) & 15);
        if (d == 0) return x;
        return deep(d - 1, salt) * 31 + x;
    }

    public static void main(String[] args) throws Exception {
        boolean record = args.length > 0 && args[0].equals("clock");
        long[] seen = new long[12];
        Thread waker = new Thread(() -> {
            try {
                for (int i = 0; i < seen.length; i++) {
                    Thread.sleep(1);
                    seen[i] = progress;
                }
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        if (record) waker.start();
        long h = 0;
        for (int r = 0; r < 300; r++) h = h * 17 + deep(600 + (r % 5) * 100, r);
        System.out.println("hash " + h);
        if (record) {
            waker.join();
            StringBuilder sb = new StringBuilder("seen");
            for (long v : seen) sb.append(' ').append(v);
            System.out.println(sb);
            // With --clock virtual, nanoTime is the bytecodes the engine ran.
            System.out.println("clock " + System.nanoTime());
        }
    }
}
