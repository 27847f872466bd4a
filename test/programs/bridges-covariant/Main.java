import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

// Bridge methods: covariant return types, generic interface implementations (Comparable,
// Comparator, Function) called through the erased interface, generic superclass overrides,
// and calls through raw types reaching the bridge's checkcast (ClassCastException).
public class Main {
    static class Animal {
        Animal self() { return this; }
        Object id() { return "animal"; }
        @Override public String toString() { return "Animal"; }
    }
    static class Cat extends Animal {
        @Override Cat self() { return this; }
        @Override String id() { return "cat"; }
        String meow() { return "meow"; }
        @Override public String toString() { return "Cat"; }
    }

    static abstract class Node<T> {
        abstract T value();
        abstract void accept(T t);
    }
    static class IntNode extends Node<Integer> {
        int v;
        @Override Integer value() { return v; }
        @Override void accept(Integer t) { v += t; }
    }

    static class Version implements Comparable<Version> {
        final int major, minor;
        Version(int major, int minor) { this.major = major; this.minor = minor; }
        @Override public int compareTo(Version o) { return major != o.major ? major - o.major : minor - o.minor; }
        @Override public String toString() { return major + "." + minor; }
    }

    static class Length implements Function<String, Integer> {
        @Override public Integer apply(String s) { return s.length(); }
    }

    interface Producer<T> { T make(); }
    static class StringProducer implements Producer<String> { public String make() { return "made"; } }

    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void main(String[] args) {
        Animal a = new Cat();
        System.out.println(a.self() + " " + a.id() + " " + ((Cat) a).self().meow());
        Node<Integer> n = new IntNode();
        n.accept(5); n.accept(7);
        System.out.println("node " + n.value());
        List<Version> vs = new ArrayList<>(List.of(new Version(1, 10), new Version(1, 2), new Version(0, 9), new Version(2, 0)));
        vs.sort(null);
        System.out.println(vs);
        Comparable raw = new Version(1, 0);
        try {
            raw.compareTo("not a version");
        } catch (ClassCastException e) {
            System.out.println("bridge cast failed: " + e.getMessage());
        }
        Function<String, Integer> f = new Length();
        System.out.println(f.andThen(x -> x * 2).apply("four"));
        Producer<String> p = new StringProducer();
        Producer rawP = p;
        System.out.println(p.make() + " " + rawP.make());
        Node rawNode = new IntNode();
        try {
            rawNode.accept("str");
        } catch (ClassCastException e) {
            System.out.println("raw node: " + e.getMessage());
        }
        Comparator<Version> byMinor = new Comparator<>() {
            @Override public int compare(Version x, Version y) { return Integer.compare(x.minor, y.minor); }
        };
        vs.sort(byMinor);
        System.out.println(vs);
        int bridges = 0;
        for (Method m : Cat.class.getDeclaredMethods()) if (m.isBridge()) bridges++;
        System.out.println("Cat bridges " + bridges);
        String[] names = Arrays.stream(IntNode.class.getDeclaredMethods()).filter(Method::isBridge).map(m -> m.getName() + Arrays.toString(m.getParameterTypes())).sorted().toArray(String[]::new);
        System.out.println("IntNode bridges " + Arrays.toString(names));
    }
}
