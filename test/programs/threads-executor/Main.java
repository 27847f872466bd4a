import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

// java.util.concurrent: a fixed thread pool with Callables and Futures (results read in
// submission order), invokeAll, a task that throws (ExecutionException with cause), a
// CountDownLatch start gun, AtomicInteger/AtomicLong/LongAdder counters, CompletableFuture
// chains on the pool, and an orderly shutdown with awaitTermination.
public class Main {
    static long collatzLength(long n) {
        long steps = 0;
        while (n != 1) { n = (n & 1) == 0 ? n / 2 : 3 * n + 1; steps++; }
        return steps;
    }

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Future<Long>> futures = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            final int from = i * 1000 + 1;
            futures.add(pool.submit(() -> {
                long best = 0;
                for (long n = from; n < from + 1000; n++) best = Math.max(best, collatzLength(n));
                return best;
            }));
        }
        for (int i = 0; i < futures.size(); i++) System.out.println("block " + i + " longest " + futures.get(i).get());

        List<Callable<String>> calls = new ArrayList<>();
        for (String w : new String[] {"alpha", "beta", "gamma"}) calls.add(() -> w.toUpperCase() + w.length());
        for (Future<String> f : pool.invokeAll(calls)) System.out.println(f.get());

        Future<Integer> bad = pool.submit(() -> Integer.parseInt("not a number"));
        try {
            bad.get();
        } catch (ExecutionException e) {
            System.out.println("task failed: " + e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage());
        }

        CountDownLatch start = new CountDownLatch(1), done = new CountDownLatch(6);
        AtomicInteger ai = new AtomicInteger();
        AtomicLong al = new AtomicLong();
        LongAdder adder = new LongAdder();
        for (int t = 0; t < 6; t++) {
            pool.execute(() -> {
                try {
                    start.await();
                    for (int i = 0; i < 10_000; i++) { ai.incrementAndGet(); al.addAndGet(i); adder.increment(); }
                    ai.updateAndGet(x -> x + 1);
                    al.accumulateAndGet(5, Long::sum);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    done.countDown();
                }
            });
        }
        start.countDown();
        done.await();
        System.out.println("atomic " + ai.get() + " " + al.get() + " adder " + adder.sum() + " cas " + ai.compareAndSet(60006, 0) + " " + ai.get());

        CompletableFuture<String> cf = CompletableFuture.supplyAsync(() -> 21, pool)
            .thenApplyAsync(x -> x * 2, pool)
            .thenCombine(CompletableFuture.supplyAsync(() -> "answer", pool), (n, s) -> s + "=" + n)
            .exceptionally(ex -> "failed");
        System.out.println(cf.get());
        CompletableFuture<Integer> failing = CompletableFuture.supplyAsync(() -> { throw new IllegalStateException("boom"); }, pool);
        System.out.println(failing.handle((v, ex) -> ex == null ? "ok" : "handled " + ex.getCause().getMessage()).get());
        List<CompletableFuture<Integer>> all = new ArrayList<>();
        for (int i = 1; i <= 5; i++) { final int k = i; all.add(CompletableFuture.supplyAsync(() -> k * k, pool)); }
        CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).join();
        System.out.println("squares " + all.stream().map(CompletableFuture::join).toList());

        pool.shutdown();
        System.out.println("terminated " + pool.awaitTermination(30, TimeUnit.SECONDS) + " isShutdown " + pool.isShutdown());
    }
}
