import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;

/**
 * Two threads that call back into instrumented code from uninstrumented code (an IntStream
 * calling lambdas) at the same time, so their wrappers interleave: each must find its own
 * thread context (TC.getTC's shared hint belongs to one of them at a time).
 */
public class TwoThreads {
    static int mix(int x, int salt) {
        int h = x * 0x9E3779B1 + salt;
        return h ^ (h >>> 15);
    }

    static long work(int salt) {
        return IntStream.range(0, 300_000).map(x -> mix(x, salt) & 1023).filter(x -> x > 100).asLongStream().sum();
    }

    public static void main(String[] args) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        long[] result = new long[2];
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
                result[id] = work(7);
            }, "worker-" + i);
            ts[i].start();
        }
        go.countDown();
        for (Thread t : ts) t.join();
        System.out.println(result[0] + " " + result[1]);
    }
}
