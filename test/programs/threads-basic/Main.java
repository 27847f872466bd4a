import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

// Threads: a Runnable, a Thread subclass, a lambda, names, join, results gathered per thread
// and printed after joining (deterministic), ThreadLocal, daemon flags, interrupt of a
// sleeping thread, Thread.currentThread in each, thread priorities and states.
public class Main {
    static final ThreadLocal<StringBuilder> LOCAL = ThreadLocal.withInitial(StringBuilder::new);

    static class Summer extends Thread {
        final int from, to;
        long result;
        Summer(int from, int to) { super("summer-" + from); this.from = from; this.to = to; }
        @Override public void run() {
            for (int i = from; i < to; i++) { result += (long) i * i; LOCAL.get().append(i % 10); }
            result += LOCAL.get().length();
        }
    }

    static class Counter implements Runnable {
        final List<String> log;
        Counter(List<String> log) { this.log = log; }
        @Override public void run() {
            String me = Thread.currentThread().getName();
            for (int i = 0; i < 3; i++) log.add(me + ":" + i);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        List<Summer> summers = new ArrayList<>();
        for (int k = 0; k < 4; k++) summers.add(new Summer(k * 2500, (k + 1) * 2500));
        for (Summer s : summers) s.start();
        long total = 0;
        for (Summer s : summers) { s.join(); total += s.result; System.out.println(s.getName() + " " + s.result + " state " + s.getState()); }
        System.out.println("total " + total + " main local " + LOCAL.get().length());
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Thread a = new Thread(new Counter(log), "alpha"), b = new Thread(new Counter(log), "beta");
        a.start(); b.start(); a.join(); b.join();
        List<String> sorted = new ArrayList<>(log);
        Collections.sort(sorted);
        System.out.println(sorted);
        Thread sleeper = new Thread(() -> {
            try {
                Thread.sleep(60_000);
                System.out.println("woke normally?!");
            } catch (InterruptedException e) {
                System.out.println("sleeper interrupted, flag now " + Thread.currentThread().isInterrupted());
            }
        }, "sleeper");
        sleeper.setDaemon(true);
        System.out.println("new state " + sleeper.getState() + " daemon " + sleeper.isDaemon());
        sleeper.start();
        while (sleeper.getState() != Thread.State.TIMED_WAITING) Thread.onSpinWait();
        sleeper.interrupt();
        sleeper.join();
        System.out.println("sleeper " + sleeper.getState());
        String[] results = new String[3];
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            final int id = i;
            ts[i] = new Thread(() -> results[id] = Thread.currentThread().getName() + " computed " + Long.toHexString(Long.rotateLeft(0x9E3779B97F4A7C15L, id * 7)));
            ts[i].setName("lambda-" + i);
            ts[i].setPriority(Thread.MIN_PRIORITY + i);
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        for (String r : results) System.out.println(r);
        System.out.println("main is " + Thread.currentThread().getName() + " priority " + Thread.currentThread().getPriority() + " group " + Thread.currentThread().getThreadGroup().getName());
    }
}
