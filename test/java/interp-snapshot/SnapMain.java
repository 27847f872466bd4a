import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/** Boot snapshot test: the clock, identity hashes (main's, another thread's), HashSet order, the live threads, NaN bits, both streams, an exit code. */
public class SnapMain {
    static class Box {
        final int n;
        Box(int n) { this.n = n; }
        public String toString() { return "Box" + n; }
    }

    static volatile int other;

    public static void main(String[] args) throws Exception {
        // Real clock: time goes on from the boot's in a restored run too.
        long t0 = System.nanoTime();
        Thread.sleep(20);
        long t1 = System.nanoTime();
        System.out.println("nanoTime " + (t0 > 0) + " " + (t1 - t0 >= 20_000_000L));
        List<Object> objs = new ArrayList<>();
        for (int i = 0; i < 8; i++) objs.add(new Object());
        StringBuilder sb = new StringBuilder();
        for (Object o : objs) sb.append(Integer.toHexString(System.identityHashCode(o))).append(' ');
        System.out.println("hashes " + sb);
        HashSet<Box> set = new HashSet<>();
        for (int i = 0; i < 12; i++) set.add(new Box(i));
        System.out.println("set " + set);
        Thread t = new Thread(() -> { other = new Object().hashCode(); }, "worker");
        t.start();
        t.join();
        System.out.println("thread " + t.getId() + " " + Integer.toHexString(other));
        // The live threads, HotSpot's own (Signal Dispatcher, Notification Thread) among them.
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        for (Thread l : Thread.getAllStackTraces().keySet()) names.add(l.getName() + ":" + l.getId());
        System.out.println("threads " + names);
        // NaN bits (nan37): x86's default NaN, 0xfff8000000000000, from Math.fma's invalid
        // operations as HotSpot gives it, in a hot loop (the engine's compiled code and its
        // interpreter), in a booted run as in a restored one.
        double[] v = {Double.POSITIVE_INFINITY, Double.MAX_VALUE, 0.0, 1.5, Double.NEGATIVE_INFINITY, -2.0};
        long[] nanBits = new long[4];
        for (int i = 0; i < 20000; i++) {
            double r = Math.fma(v[i % 6], v[(i / 6) % 6], v[(i / 36) % 6]);
            if (r != r) nanBits[Double.doubleToRawLongBits(r) == 0xfff8000000000000L ? 0 : 1]++;
            r = Math.fma(Double.POSITIVE_INFINITY, Double.MAX_VALUE, Double.NEGATIVE_INFINITY);
            nanBits[Double.doubleToRawLongBits(r) == 0xfff8000000000000L ? 2 : 3]++;
        }
        System.out.println("nan " + java.util.Arrays.toString(nanBits));
        long sum = 0;
        for (int i = 0; i < 300000; i++) sum += (i * 31L) ^ (sum >>> 3);
        System.out.println("sum " + sum + " args " + String.join(",", args));
        System.err.println("to stderr " + System.getProperty("java.class.path").length());
        System.exit(3);
    }
}
