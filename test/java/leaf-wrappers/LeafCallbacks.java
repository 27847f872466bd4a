import java.util.HashMap;
import java.util.TreeMap;

/**
 * Leaf methods (no call in their body) entered from uninstrumented code: HashMap calls the
 * keys' hashCode and equals, TreeMap their compareTo, and the Long::sum proxy Long.sum. In
 * scope app their original-signature copies are lazy leaf wrappers (docs/RUNTIME.md).
 */
public class LeafCallbacks {
    static final class Key implements Comparable<Key> {
        final int v;

        Key(int v) {
            this.v = v;
        }

        @Override
        public int hashCode() {
            int h = v;
            for (int i = 0; i < (v & 7); i++) h = h * 31 + i;
            return h;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key && ((Key) o).v == v;
        }

        @Override
        public int compareTo(Key o) {
            if (v == o.v) return 0;
            return v < o.v ? -1 : 1;
        }
    }

    static long sum(long a, long b) {
        return a + b;
    }

    public static void main(String[] args) {
        HashMap<Key, Long> m = new HashMap<>();
        TreeMap<Key, Long> t = new TreeMap<>();
        for (int r = 0; r < 20; r++) {
            for (int i = 0; i < 500; i++) {
                m.merge(new Key(i), 1L, LeafCallbacks::sum);
                t.merge(new Key(i % 97), 1L, LeafCallbacks::sum);
            }
        }
        long s = 0;
        for (Long v : m.values()) s += v;
        for (Long v : t.values()) s += v;
        System.out.println("sum " + s + " keys " + m.size() + " " + t.size());
    }
}
