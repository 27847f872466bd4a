package dis;

import java.io.IOException;
import java.io.UncheckedIOException;

/** try/catch/finally, multi-catch, synchronized, throws clauses, try-with-resources. */
public class Exceptions {
    private final Object lock = new Object();
    private int counter;

    int tryCatch(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    int multi(String s) throws IOException, InterruptedException {
        try {
            if (s.isEmpty()) throw new IOException("empty");
            return s.length();
        } catch (IllegalStateException | UncheckedIOException e) {
            return -2;
        } finally {
            counter++;
        }
    }

    void sync() {
        synchronized (lock) {
            counter += 2;
        }
    }

    synchronized void syncMethod() { counter--; }

    String resources(java.io.Reader r) throws IOException {
        try (java.io.BufferedReader br = new java.io.BufferedReader(r)) {
            return br.readLine();
        }
    }

    static int nested(int[] a) {
        int total = 0;
        for (int i = 0; i < a.length; i++) {
            try {
                try {
                    total += 10 / a[i];
                } catch (ArithmeticException e) {
                    total -= 1;
                    continue;
                }
            } catch (RuntimeException e) {
                break;
            } finally {
                total++;
            }
        }
        return total;
    }
}
