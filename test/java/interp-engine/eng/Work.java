package eng;

import java.io.BufferedReader;
import java.io.InputStreamReader;

/** Programs for the embedded engine's tests: `mode` picks what to do. */
public class Work {
    static long spin(long n) {
        long s = 0;
        for (long i = 0; i < n; i++) s += i % 7 == 0 ? i : 1;
        return s;
    }

    static int leaf(int x) {
        return x * 31 + 7;
    }

    static int calls(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s ^= leaf(i);
        return s;
    }

    static int maxDepth;

    static int deep(int d) {
        maxDepth = d;
        return deep(d + 1) + 1;
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "work";
        switch (mode) {
            case "work":
                System.out.println("spin " + spin(200_000) + " calls " + calls(50_000));
                break;
            case "exit":
                System.out.println("exiting with 7");
                System.exit(7);
                break;
            case "throw":
                System.out.println("about to throw");
                throw new IllegalStateException("boom from main");
            case "echo": {
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
                String line;
                int n = 0;
                while ((line = in.readLine()) != null) System.out.println("echo " + (++n) + ": " + line);
                System.out.println("eof after " + n);
                break;
            }
            case "limits": {
                java.util.List<long[]> keep = new java.util.ArrayList<>();
                try {
                    while (true) keep.add(new long[1 << 17]);
                } catch (OutOfMemoryError e) {
                    int n = keep.size();
                    keep = null;
                    System.out.println("caught OutOfMemoryError after " + (n > 8 ? "many" : "few") + " arrays: " + e.getMessage());
                }
                try {
                    deep(0);
                } catch (StackOverflowError e) {
                    System.out.println("caught StackOverflowError deeper than 1000: " + (maxDepth > 1000));
                }
                System.out.println("still running");
                break;
            }
            case "threads": {
                final long[] shared = new long[1];
                final Object lock = new Object();
                Thread[] ts = new Thread[3];
                for (int i = 0; i < ts.length; i++) {
                    final int id = i;
                    ts[i] = new Thread(() -> {
                        for (int k = 0; k < 2000; k++) {
                            synchronized (lock) {
                                shared[0] += leaf(k + id);
                                if (k % 500 == 0) lock.notifyAll();
                            }
                            if (k % 700 == 0) Thread.yield();
                            spin(20 + id * 10);
                        }
                    }, "worker-" + i);
                }
                for (Thread t : ts) t.start();
                for (Thread t : ts) t.join();
                System.out.println("threads done " + shared[0]);
                break;
            }
            case "forever":
                System.out.println("looping");
                long s = 0;
                while (true) s += spin(1000) + calls(100);
            default:
                System.out.println("unknown mode " + mode);
                System.exit(2);
        }
    }
}
