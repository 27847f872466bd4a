import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Callbacks from uninstrumented JDK code into instrumented code, and a thread started by main. */
public class Callbacks {
    static int heavy(int x) {
        int s = 0;
        for (int i = 0; i < 200; i++) s += (x * i) ^ (s >>> 3);
        return s;
    }

    static int compareHeavy(Integer a, Integer b) {
        return Integer.compare(heavy(a), heavy(b));
    }

    static long work() {
        long t = 0;
        for (int i = 0; i < 300000; i++) t += heavy(i) & 7;
        return t;
    }

    public static void main(String[] args) throws Exception {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 2000; i++) list.add((i * 7919) % 2003);
        Collections.sort(list, Callbacks::compareHeavy);
        System.out.println("first " + list.get(0) + " last " + list.get(list.size() - 1));
        long[] result = new long[1];
        Thread t = new Thread(() -> result[0] = work());
        t.start();
        t.join();
        System.out.println("work " + result[0]);
    }
}
