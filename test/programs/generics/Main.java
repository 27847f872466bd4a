import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

// Generic classes, bounded type parameters, wildcards, generic methods and recursive bounds.
public class Main {
    static final class Box<T> {
        private T value;
        Box(T value) { this.value = value; }
        T get() { return value; }
        void set(T v) { value = v; }
        <R> Box<R> map(Function<? super T, ? extends R> f) { return new Box<>(f.apply(value)); }
        @Override public String toString() { return "Box(" + value + ")"; }
    }

    static final class Pair<A, B> {
        final A first; final B second;
        Pair(A a, B b) { first = a; second = b; }
        Pair<B, A> swap() { return new Pair<>(second, first); }
        @Override public String toString() { return "<" + first + ", " + second + ">"; }
    }

    static <T extends Comparable<? super T>> T max(Collection<? extends T> items) {
        T best = null;
        for (T t : items) if (best == null || t.compareTo(best) > 0) best = t;
        return best;
    }

    static double sum(List<? extends Number> nums) {
        double s = 0;
        for (Number n : nums) s += n.doubleValue();
        return s;
    }

    static void fill(List<? super Integer> sink, int n) {
        for (int i = 0; i < n; i++) sink.add(i * i);
    }

    static <K, V extends Comparable<V>> K argMax(List<Pair<K, V>> pairs) {
        Pair<K, V> best = pairs.get(0);
        for (Pair<K, V> p : pairs) if (p.second.compareTo(best.second) > 0) best = p;
        return best.first;
    }

    interface Shape<S extends Shape<S>> extends Comparable<S> {
        double area();
        default int compareTo(S o) { return Double.compare(area(), o.area()); }
    }
    record Sq(double side) implements Shape<Sq> { public double area() { return side * side; } }

    @SafeVarargs
    static <T> List<T> listOf(T... xs) {
        List<T> out = new ArrayList<>();
        for (T x : xs) out.add(x);
        return out;
    }

    public static void main(String[] args) {
        Box<String> b = new Box<>("hello");
        Box<Integer> len = b.map(String::length);
        System.out.println(b + " -> " + len);
        len.set(len.get() * 7);
        System.out.println("set: " + len.get());
        Pair<String, Integer> p = new Pair<>("x", 1);
        System.out.println(p + " swapped " + p.swap());
        System.out.println("max " + max(listOf(3, 9, 2, 7)) + " " + max(listOf("pear", "apple", "zebra", "fig")));
        System.out.println("sum " + sum(listOf(1, 2.5, 3L, 4.25f)));
        List<Number> sink = new ArrayList<>();
        fill(sink, 6);
        System.out.println("filled " + sink);
        List<Pair<String, Integer>> scores = listOf(new Pair<>("ann", 3), new Pair<>("bob", 11), new Pair<>("cy", 7));
        System.out.println("argMax " + argMax(scores));
        System.out.println("shape " + max(listOf(new Sq(2), new Sq(5), new Sq(3))));
        List<?> raw = listOf(1, "two", 3.0);
        for (Object o : raw) System.out.println("  " + o.getClass().getSimpleName() + " " + o);
        Box<List<Box<Integer>>> nested = new Box<>(listOf(new Box<>(1), new Box<>(2)));
        System.out.println("nested " + nested);
    }
}
