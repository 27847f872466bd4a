import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

// Concurrent collections and locks: ConcurrentHashMap merge/compute from 4 threads (word
// counts), a BlockingQueue pipeline with a poison pill, CopyOnWriteArrayList, a
// ConcurrentLinkedQueue, ReentrantLock with a Condition-free counter, a read/write lock,
// a Semaphore limiting concurrency (max observed never above the permits), a CyclicBarrier.
public class Main {
    public static void main(String[] args) throws Exception {
        String text = "the quick brown fox jumps over the lazy dog the end ".repeat(50);
        String[] words = text.trim().split(" ");
        ConcurrentHashMap<String, Integer> counts = new ConcurrentHashMap<>();
        Thread[] ts = new Thread[4];
        for (int t = 0; t < 4; t++) {
            final int part = t;
            ts[t] = new Thread(() -> { for (int i = part; i < words.length; i += 4) counts.merge(words[i], 1, Integer::sum); });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        System.out.println(new TreeMap<>(counts) + " reduce " + counts.reduceValues(1, Integer::sum));

        BlockingQueue<Integer> q = new ArrayBlockingQueue<>(5);
        List<Integer> received = new ArrayList<>();
        Thread consumer = new Thread(() -> {
            try {
                while (true) { int v = q.take(); if (v < 0) break; received.add(v * v); }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        consumer.start();
        for (int i = 0; i < 50; i++) q.put(i);
        q.put(-1);
        consumer.join();
        System.out.println("pipeline " + received.size() + " sum " + received.stream().mapToLong(Integer::longValue).sum());

        CopyOnWriteArrayList<Integer> cow = new CopyOnWriteArrayList<>(List.of(1, 2, 3));
        for (Integer i : cow) cow.add(i * 10);
        System.out.println("cow " + cow);
        ConcurrentLinkedQueue<String> clq = new ConcurrentLinkedQueue<>();
        Thread[] adders = new Thread[3];
        for (int t = 0; t < 3; t++) { final int id = t; adders[t] = new Thread(() -> { for (int i = 0; i < 100; i++) clq.add(id + ":" + i); }); adders[t].start(); }
        for (Thread t : adders) t.join();
        System.out.println("clq size " + clq.size());

        ReentrantLock lock = new ReentrantLock();
        long[] shared = {0};
        Thread[] lockers = new Thread[3];
        for (int t = 0; t < 3; t++) {
            lockers[t] = new Thread(() -> { for (int i = 0; i < 10_000; i++) { lock.lock(); try { shared[0]++; } finally { lock.unlock(); } } });
            lockers[t].start();
        }
        for (Thread t : lockers) t.join();
        System.out.println("locked counter " + shared[0] + " held " + lock.isLocked());

        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        Map<Integer, Integer> table = new TreeMap<>();
        Thread writer = new Thread(() -> { for (int i = 0; i < 100; i++) { rw.writeLock().lock(); try { table.put(i % 10, i); } finally { rw.writeLock().unlock(); } } });
        writer.start();
        writer.join();
        rw.readLock().lock();
        try { System.out.println("table " + table); } finally { rw.readLock().unlock(); }

        Semaphore sem = new Semaphore(2);
        int[] inside = {0}, maxInside = {0};
        Thread[] ws = new Thread[5];
        for (int t = 0; t < 5; t++) {
            ws[t] = new Thread(() -> {
                for (int i = 0; i < 50; i++) {
                    sem.acquireUninterruptibly();
                    synchronized (inside) { inside[0]++; maxInside[0] = Math.max(maxInside[0], inside[0]); }
                    synchronized (inside) { inside[0]--; }
                    sem.release();
                }
            });
            ws[t].start();
        }
        for (Thread t : ws) t.join();
        System.out.println("semaphore max inside <= 2: " + (maxInside[0] <= 2) + " permits " + sem.availablePermits());

        int parties = 3;
        int[] phase = {0};
        CyclicBarrier barrier = new CyclicBarrier(parties, () -> phase[0]++);
        long[] partial = new long[parties];
        Thread[] bs = new Thread[parties];
        for (int t = 0; t < parties; t++) {
            final int id = t;
            bs[t] = new Thread(() -> {
                try {
                    for (int round = 0; round < 4; round++) { partial[id] += (long) (id + 1) * (round + 1); barrier.await(); }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            bs[t].start();
        }
        for (Thread t : bs) t.join();
        System.out.println("barrier phases " + phase[0] + " partials " + java.util.Arrays.toString(partial));
    }
}
