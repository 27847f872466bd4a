package dis;

import java.util.*;
import java.util.function.Function;

/** Signatures, bridge methods, varargs, LocalVariableTypeTable. */
public class Generics<K extends Comparable<? super K>, V> extends AbstractMap<K, V> implements Comparator<K> {
    private final Map<K, List<? extends V>> map = new HashMap<>();
    public static <T> List<T> listOf(T... xs) { return Arrays.asList(xs); }

    @Override
    public Set<Map.Entry<K, V>> entrySet() { return Collections.emptySet(); }

    @Override
    public int compare(K a, K b) { return a.compareTo(b); }

    public <R> Map<R, V> mapKeys(Function<? super K, ? extends R> f) {
        Map<R, V> out = new TreeMap<>();
        for (Map.Entry<K, V> e : entrySet()) {
            R r = f.apply(e.getKey());
            out.put(r, e.getValue());
        }
        return out;
    }

    static int[][][] multi(int n) {
        int[][][] a = new int[n][n + 1][];
        String[][] s = new String[2][3];
        return s.length > 0 ? a : null;
    }

    static double loops(double[] xs, long[] ls) {
        double sum = 0;
        long acc = 0;
        int i = 0;
        while (i < xs.length) {
            if (xs[i] > 0 && i % 2 == 0) sum += xs[i];
            else if (xs[i] < -1) acc -= ls[i];
            else sum -= 1;
            i++;
        }
        do { acc <<= 1; } while (acc < 1000 && acc != 0);
        Object o = sum > 0 ? (Object) "s" : (Object) Integer.valueOf(3);
        return sum + acc + o.hashCode();
    }
}
