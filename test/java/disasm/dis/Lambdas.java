package dis;

import java.util.List;
import java.util.function.*;
import java.util.stream.Collectors;

/** Lambdas, method references, string concatenation (invokedynamic), interfaces. */
public class Lambdas {
    interface Op { int apply(int a, int b); default Op twice() { return (a, b) -> apply(apply(a, b), b); } }

    private int base = 3;

    Supplier<String> sup(String x, int y, long z, double w, char c) {
        return () -> x + y + "<" + z + '>' + w + c + base + "\u0001\u0002";
    }

    static List<String> names(List<Object> xs) {
        return xs.stream().map(Object::toString).filter(s -> !s.isEmpty()).collect(Collectors.toList());
    }

    Function<Integer, int[]> arrays() { return int[]::new; }

    Supplier<StringBuilder> ctor() { return StringBuilder::new; }

    static Op op() { return Math::max; }

    int runnable() {
        Runnable r = () -> base++;
        r.run();
        IntBinaryOperator o = (a, b) -> a * b + base;
        return o.applyAsInt(2, 3);
    }

    interface Ser extends java.io.Serializable, Runnable {}
    static Ser serializable(String s) { return (Ser) () -> System.out.println(s); }
}
