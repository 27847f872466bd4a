package threads;

import harness.Harness;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;

/**
 * Two threads at once (main and a worker it joins), each calling back into program code from
 * JDK code: IntStream lambdas, lambdas created and called in a loop, ConcurrentHashMap.merge
 * with a remapping function, a LongAdder; then a small thread pool running many short tasks.
 * Main's CPU time includes what the two threads cost each other.
 */
public final class Main {
  static int mix(int x, int salt) {
    int h = x * 0x9E3779B1 + salt;
    return h ^ (h >>> 15);
  }

  static long share(int n, int salt, ConcurrentHashMap<Integer, Long> map, LongAdder adder) {
    long a = IntStream.range(0, n).map(x -> mix(x, salt) & 1023).filter(x -> x > 100).asLongStream().sum();
    long b = 0;
    for (int i = 0; i < n; i++) {
      final int k = i & 15;
      IntUnaryOperator f = x -> mix(x + k, salt);
      b += f.applyAsInt(i) & 255;
    }
    for (int i = 0; i < n / 8; i++) {
      map.merge(i & 255, (long) (mix(i, salt) & 7), Long::sum);
      adder.add(i & 3);
    }
    return a * 31 + b;
  }

  public static void main(String[] args) {
    Harness.run("threads", args, scale -> {
      int n = Harness.size(scale, 400_000, 100);
      ConcurrentHashMap<Integer, Long> map = new ConcurrentHashMap<>();
      LongAdder adder = new LongAdder();
      long[] worker = new long[1];
      Thread t = new Thread(() -> worker[0] = share(n, 2, map, adder), "bench-worker");
      t.start();
      long mine = share(n, 1, map, adder);
      try {
        t.join();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      long h = Harness.mix(Harness.mix(mine, worker[0]), adder.sum());
      long m = 0;
      for (long v : map.values()) m += v;
      h = Harness.mix(h, m);
      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        List<Future<Long>> fs = new ArrayList<>();
        int tasks = Harness.size(scale, 2_000, 10);
        for (int i = 0; i < tasks; i++) {
          final int id = i;
          fs.add(pool.submit(() -> {
            long s = 0;
            for (int j = 0; j < 200; j++) s += mix(j, id) & 15;
            return s;
          }));
        }
        for (Future<Long> f : fs) h = Harness.mix(h, f.get());
      } catch (Exception e) {
        throw new IllegalStateException(e);
      } finally {
        pool.shutdown();
      }
      return h;
    });
  }
}
