import java.util.Arrays;
import java.util.Comparator;

/**
 * The profiler runtime's wrapper protocol in compiled code (test/unit/interp-jit-idioms.test.ts):
 * a Comparator that Arrays.sort (not instrumented in scope app) calls back, so every call enters
 * its wrapper (TC.getTC, enter, exit), and Thread.currentThread() in a hot method.
 */
public class JitIdioms {
    static final class ByLastDigit implements Comparator<Integer> {
        int calls;

        @Override
        public int compare(Integer a, Integer b) {
            calls++;
            int x = a % 10, y = b % 10;
            return x != y ? Integer.compare(x, y) : Integer.compare(a, b);
        }
    }

    static int threadHash(int i) {
        Thread t = Thread.currentThread();
        return t == null ? -1 : (t.getName().length() + i) & 7;
    }

    public static void main(String[] args) {
        ByLastDigit cmp = new ByLastDigit();
        long h = 0;
        int seed = 7;
        for (int round = 0; round < 60; round++) {
            Integer[] a = new Integer[200];
            for (int i = 0; i < a.length; i++) {
                seed = seed * 1103515245 + 12345;
                a[i] = (seed >>> 8) % 100000;
            }
            Arrays.sort(a, cmp);
            for (int i = 0; i < a.length; i += 17) h = h * 31 + a[i];
            for (int i = 0; i < 200; i++) h += threadHash(i);
        }
        System.out.println("calls " + cmp.calls + " hash " + h + " thread " + Thread.currentThread().getName());
    }
}
