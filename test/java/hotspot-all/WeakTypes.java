import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

// Weakly held MethodTypes (branch id25m): the JDK interns method types in a set of weak
// references (JDK 25: ReferencedKeySet, which expunges cleared keys at every lookup; JDK 17:
// ConcurrentWeakInternSet). Types made and dropped, then garbage enough for a collection of
// HotSpot's default young generation, then lookups: with a collection, HotSpot's interned keys
// are cleared and the lookups remove them (counted); the embedded engine collects nothing. The
// comparisons run HotSpot with a young generation no short run fills (test/helpers/hotspot-no-gc.ts).
public class WeakTypes {
    static final Class<?>[] KINDS = {String.class, Integer.class, Long.class, StringBuilder.class, Thread.class, Character.class, Short.class, Byte.class};

    static int make(int round) {
        int n = 0;
        for (Class<?> a : KINDS) for (Class<?> b : KINDS) {
            MethodType t = MethodType.methodType(a, b, KINDS[round % KINDS.length], Object[].class);
            n += t.parameterCount();
        }
        return n;
    }

    public static void main(String[] args) throws Exception {
        int n = make(0) + make(1);
        List<byte[]> keep = new ArrayList<>();
        long sum = 0;
        for (int i = 0; i < 256; i++) {
            byte[] b = new byte[1 << 20];
            b[i] = (byte) i;
            sum += b[i];
            if (keep.size() < 2) keep.add(b);
        }
        Thread.sleep(50);
        n += make(2) + make(3);
        System.out.println(n + " " + sum + " " + keep.size());
    }
}
