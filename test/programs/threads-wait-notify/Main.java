import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

// wait/notify: a bounded buffer with two producers and two consumers (synchronized methods,
// while-wait loops, notifyAll), a ping-pong between two threads that strictly alternates (so
// its output order is deterministic), and a one-shot gate.
public class Main {
    static class Buffer {
        private final Deque<Integer> items = new ArrayDeque<>();
        private final int cap;
        Buffer(int cap) { this.cap = cap; }
        synchronized void put(int v) throws InterruptedException {
            while (items.size() == cap) wait();
            items.addLast(v);
            notifyAll();
        }
        synchronized int take() throws InterruptedException {
            while (items.isEmpty()) wait();
            int v = items.removeFirst();
            notifyAll();
            return v;
        }
    }

    static class PingPong {
        private boolean pingTurn = true;
        private final List<String> out = new ArrayList<>();
        synchronized void play(boolean ping, int rounds) throws InterruptedException {
            for (int i = 0; i < rounds; i++) {
                while (pingTurn != ping) wait();
                out.add((ping ? "ping" : "pong") + i);
                pingTurn = !pingTurn;
                notifyAll();
            }
        }
    }

    static class Gate {
        private boolean open;
        synchronized void await() throws InterruptedException { while (!open) wait(); }
        synchronized void open() { open = true; notifyAll(); }
    }

    public static void main(String[] args) throws InterruptedException {
        Buffer buf = new Buffer(4);
        long[] consumed = new long[2];
        int[] counts = new int[2];
        Thread[] producers = new Thread[2], consumers = new Thread[2];
        for (int p = 0; p < 2; p++) {
            final int base = p * 1000;
            producers[p] = new Thread(() -> {
                try { for (int i = 1; i <= 500; i++) buf.put(base + i); } catch (InterruptedException e) { throw new RuntimeException(e); }
            });
        }
        for (int c = 0; c < 2; c++) {
            final int id = c;
            consumers[c] = new Thread(() -> {
                try { for (int i = 0; i < 500; i++) { consumed[id] += buf.take(); counts[id]++; } } catch (InterruptedException e) { throw new RuntimeException(e); }
            });
        }
        for (Thread t : consumers) t.start();
        for (Thread t : producers) t.start();
        for (Thread t : producers) t.join();
        for (Thread t : consumers) t.join();
        System.out.println("consumed total " + (consumed[0] + consumed[1]) + " items " + (counts[0] + counts[1]));

        PingPong pp = new PingPong();
        Thread ping = new Thread(() -> { try { pp.play(true, 5); } catch (InterruptedException e) { throw new RuntimeException(e); } });
        Thread pong = new Thread(() -> { try { pp.play(false, 5); } catch (InterruptedException e) { throw new RuntimeException(e); } });
        pong.start(); ping.start();
        ping.join(); pong.join();
        System.out.println(pp.out);

        Gate gate = new Gate();
        int[] passed = {0};
        Thread[] waiters = new Thread[3];
        for (int i = 0; i < 3; i++) {
            waiters[i] = new Thread(() -> {
                try { gate.await(); synchronized (passed) { passed[0]++; } } catch (InterruptedException e) { throw new RuntimeException(e); }
            });
            waiters[i].start();
        }
        gate.open();
        for (Thread w : waiters) w.join();
        System.out.println("passed gate " + passed[0]);
    }
}
