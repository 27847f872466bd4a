import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;

// Lambdas and method references of every kind: static, bound instance, unbound instance,
// constructor, array constructor, super::m, this::m, capturing lambdas (locals, this, fields),
// lambdas returning lambdas, recursion through a functional field, serializable-free.
public class Main {
    private final String prefix;
    Main(String prefix) { this.prefix = prefix; }

    static int twice(int x) { return 2 * x; }
    String tag(String s) { return prefix + s; }

    static class Parent { String hello() { return "parent hello"; } }
    static class Child extends Parent {
        @Override String hello() { return "child hello"; }
        Supplier<String> viaSuper() { return super::hello; }
        Supplier<String> viaThis() { return this::hello; }
    }

    static class Item {
        final String name; final int qty;
        Item(String name) { this(name, name.length()); }
        Item(String name, int qty) { this.name = name; this.qty = qty; }
        @Override public String toString() { return name + "x" + qty; }
    }

    static IntFunction<IntFunction<Integer>> adder = a -> b -> a + b;
    static Function<Integer, Integer> fact;
    static { fact = n -> n <= 1 ? 1 : n * fact.apply(n - 1); }

    interface TriFunction<A, B, C, R> { R apply(A a, B b, C c); }

    public static void main(String[] args) {
        Function<Integer, Integer> st = Main::twice;
        Main m = new Main(">");
        Function<String, String> bound = m::tag;
        Function<String, Integer> unbound = String::length;
        BiFunction<String, String, Boolean> unbound2 = String::startsWith;
        Function<String, Item> ctor = Item::new;
        BiFunction<String, Integer, Item> ctor2 = Item::new;
        IntFunction<String[]> arrCtor = String[]::new;
        Supplier<List<String>> listCtor = ArrayList::new;
        System.out.println(st.apply(21) + " " + bound.apply("x") + " " + unbound.apply("four") + " " + unbound2.apply("prefix", "pre"));
        System.out.println(ctor.apply("apple") + " " + ctor2.apply("pear", 3) + " " + arrCtor.apply(4).length + " " + listCtor.get().size());
        Child c = new Child();
        System.out.println(c.viaSuper().get() + " / " + c.viaThis().get());
        int base = 10;
        int[] counter = {0};
        IntBinaryOperator op = (x, y) -> { counter[0]++; return x * y + base; };
        System.out.println(op.applyAsInt(3, 4) + " " + op.applyAsInt(5, 6) + " calls " + counter[0]);
        System.out.println("curried " + adder.apply(3).apply(4) + " fact " + fact.apply(10));
        UnaryOperator<String> up = String::toUpperCase;
        Function<String, String> chain = up.andThen(s -> s + "!").compose(s -> s.replace('a', 'o'));
        System.out.println(chain.apply("banana"));
        TriFunction<Integer, Integer, Integer, Integer> tri = (x, y, z) -> x * 100 + y * 10 + z;
        System.out.println(tri.apply(1, 2, 3));
        ToIntFunction<Item> qty = it -> it.qty;
        List<Item> items = new ArrayList<>(List.of(new Item("kiwi"), new Item("fig", 9), new Item("banana")));
        items.sort((x, y) -> Integer.compare(qty.applyAsInt(x), qty.applyAsInt(y)));
        System.out.println(items);
        items.removeIf(it -> it.name.startsWith("f"));
        items.forEach(System.out::println);
        TreeMap<String, Integer> tm = new TreeMap<>();
        for (String w : "the cat and the hat and the bat".split(" ")) tm.merge(w, 1, Integer::sum);
        tm.replaceAll((k, v) -> v * 10);
        System.out.println(tm);
        Runnable r = () -> System.out.println("runnable prefix " + m.prefix);
        r.run();
        Supplier<Supplier<String>> nested = () -> () -> "nested " + base;
        System.out.println(nested.get().get());
        String[] words = {"delta", "Alpha", "charlie", "Bravo"};
        Arrays.sort(words, String::compareToIgnoreCase);
        System.out.println(String.join(",", words));
        Object o = (Runnable & java.io.Serializable) () -> {};
        System.out.println("intersection lambda serializable: " + (o instanceof java.io.Serializable));
    }
}
