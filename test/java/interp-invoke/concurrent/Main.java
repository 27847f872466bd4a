import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.Phaser;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

// java.util.concurrent classes whose JDK 17 implementations use VarHandles (queues, skip lists,
// CompletableFuture, ForkJoinPool and parallel streams, Phaser, SynchronousQueue, transfer
// queues), with output that does not depend on thread scheduling.
public class Main {
    static class Fib extends RecursiveTask<Long> {
        final int n;
        Fib(int n) { this.n = n; }
        protected Long compute() {
            if (n < 12) return slow(n);
            Fib a = new Fib(n - 1);
            a.fork();
            return new Fib(n - 2).compute() + a.join();
        }
        static long slow(int n) { return n < 2 ? n : slow(n - 1) + slow(n - 2); }
    }

    public static void main(String[] args) throws Exception {
        ConcurrentLinkedQueue<Integer> q = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < 10; i++) q.offer(i);
        q.remove(3);
        System.out.println("clq " + q.poll() + " " + q.peek() + " " + q.size() + " " + q);
        ConcurrentLinkedDeque<String> dq = new ConcurrentLinkedDeque<>(List.of("b", "c"));
        dq.addFirst("a");
        dq.addLast("d");
        System.out.println("cld " + dq.pollLast() + " " + dq);
        ConcurrentSkipListMap<String, Integer> sk = new ConcurrentSkipListMap<>();
        for (String s : "the quick brown fox jumps over the lazy dog".split(" ")) sk.merge(s, 1, Integer::sum);
        System.out.println("skiplist " + sk + " " + sk.firstKey() + " " + sk.headMap("fox") + " " + sk.ceilingKey("m"));

        CompletableFuture<Integer> cf = CompletableFuture.supplyAsync(() -> 6).thenApply(x -> x * 7).thenCombine(CompletableFuture.completedFuture(0), Integer::sum);
        System.out.println("cf " + cf.get() + " " + CompletableFuture.allOf(cf).thenApply(v -> "all").join()
            + " " + cf.thenCompose(x -> CompletableFuture.supplyAsync(() -> x + 1)).get(5, TimeUnit.SECONDS));
        CompletableFuture<String> failed = CompletableFuture.supplyAsync(() -> { throw new IllegalStateException("bad"); });
        System.out.println("cf failed " + failed.handle((v, e) -> e.getClass().getSimpleName() + ":" + e.getCause().getMessage()).join() + " " + failed.isCompletedExceptionally());

        System.out.println("fork/join " + new ForkJoinPool(2).invoke(new Fib(20)) + " " + ForkJoinPool.commonPool().invoke(new Fib(15)));
        System.out.println("parallel " + IntStream.rangeClosed(1, 1000).parallel().sum() + " " + IntStream.range(0, 50).parallel().mapToObj(Integer::toString).collect(Collectors.joining(",")).length()
            + " " + IntStream.range(0, 200).parallel().boxed().collect(Collectors.groupingByConcurrent(i -> i % 3, Collectors.counting())));

        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Future<Integer>> fs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            final int n = i;
            fs.add(pool.submit(() -> n * n));
        }
        int total = 0;
        for (Future<Integer> f : fs) total += f.get();
        System.out.println("executor " + total + " " + pool.invokeAny(List.of(() -> "any")));
        pool.shutdown();
        System.out.println("terminated " + pool.awaitTermination(5, TimeUnit.SECONDS));

        Phaser ph = new Phaser(1);
        AtomicInteger arrived = new AtomicInteger();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ph.register();
            Thread t = new Thread(() -> {
                arrived.incrementAndGet();
                ph.arriveAndAwaitAdvance();
                ph.arriveAndDeregister();
            });
            ts.add(t);
            t.start();
        }
        ph.arriveAndAwaitAdvance();
        for (Thread t : ts) t.join();
        System.out.println("phaser " + arrived.get() + " phase " + ph.getPhase());

        SynchronousQueue<String> sq = new SynchronousQueue<>();
        Thread producer = new Thread(() -> {
            try {
                for (int i = 0; i < 3; i++) sq.put("item" + i);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        producer.start();
        StringBuilder got = new StringBuilder();
        for (int i = 0; i < 3; i++) got.append(sq.take()).append(' ');
        producer.join();
        System.out.println("synchronous " + got.toString().trim());

        LinkedTransferQueue<Integer> tq = new LinkedTransferQueue<>();
        CountDownLatch latch = new CountDownLatch(1);
        Thread consumer = new Thread(() -> {
            try {
                int sum = 0;
                for (int i = 0; i < 4; i++) sum += tq.take();
                System.out.println("transfer sum " + sum);
                latch.countDown();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        consumer.start();
        for (int i = 1; i <= 4; i++) tq.transfer(i);
        latch.await();
        consumer.join();

        Map<Integer, Integer> squares = new TreeMap<>(IntStream.range(0, 8).parallel().boxed().collect(Collectors.toConcurrentMap(i -> i, i -> i * i)));
        System.out.println("concurrent map " + squares);
    }
}
