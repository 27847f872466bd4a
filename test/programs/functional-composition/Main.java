import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

// Custom functional interfaces with generic default methods, composition of predicates and
// functions, higher-order functions, memoisation, a tiny parser-combinator library and an
// event bus; every call crosses a lambda/interface boundary.
public class Main {
    @FunctionalInterface
    interface Parser<T> {
        Result<T> parse(String in, int pos);
        default <R> Parser<R> map(Function<? super T, ? extends R> f) {
            return (in, pos) -> { Result<T> r = parse(in, pos); return r == null ? null : new Result<>(f.apply(r.value), r.pos); };
        }
        default Parser<T> or(Parser<T> other) {
            return (in, pos) -> { Result<T> r = parse(in, pos); return r != null ? r : other.parse(in, pos); };
        }
        default <U> Parser<U> then(Function<T, Parser<U>> next) {
            return (in, pos) -> { Result<T> r = parse(in, pos); return r == null ? null : next.apply(r.value).parse(in, r.pos); };
        }
        static <T> Parser<T> pure(T v) { return (in, pos) -> new Result<>(v, pos); }
        static Parser<Character> ch(Predicate<Character> p) {
            return (in, pos) -> pos < in.length() && p.test(in.charAt(pos)) ? new Result<>(in.charAt(pos), pos + 1) : null;
        }
    }
    record Result<T>(T value, int pos) {}

    static Parser<Integer> number() {
        return Parser.ch(Character::isDigit).then(d -> number().map(rest -> Integer.parseInt(d + "" + rest)).or(Parser.pure(d - '0')));
    }
    static Parser<Integer> expr() {
        return term().then(l -> Parser.ch(c -> c == '+').then(p -> expr().map(r -> l + r)).or(Parser.pure(l)));
    }
    static Parser<Integer> term() {
        return factor().then(l -> Parser.ch(c -> c == '*').then(p -> term().map(r -> l * r)).or(Parser.pure(l)));
    }
    static Parser<Integer> factor() {
        return number().or(Parser.ch(c -> c == '(').then(o -> expr().then(e -> Parser.ch(c -> c == ')').map(cl -> e))));
    }

    static <A, B> Function<A, B> memo(Function<A, B> f, List<A> misses) {
        java.util.Map<A, B> cache = new java.util.HashMap<>();
        return a -> { if (!cache.containsKey(a)) { misses.add(a); cache.put(a, f.apply(a)); } return cache.get(a); };
    }

    static class Bus {
        private final java.util.Map<String, List<Consumer<String>>> subs = new java.util.TreeMap<>();
        void on(String topic, Consumer<String> c) { subs.computeIfAbsent(topic, k -> new ArrayList<>()).add(c); }
        void emit(String topic, String msg) { subs.getOrDefault(topic, List.of()).forEach(c -> c.accept(msg)); }
    }

    public static void main(String[] args) {
        for (String e : List.of("2+3*4", "(2+3)*4", "12*(1+1)+99", "7", "x")) {
            Result<Integer> r = expr().parse(e, 0);
            System.out.println(e + " => " + (r == null ? "no parse" : r.value() + " at " + r.pos()));
        }
        Predicate<String> longer = s -> s.length() > 3;
        Predicate<String> vowel = s -> "aeiou".indexOf(s.charAt(0)) >= 0;
        Predicate<String> both = longer.and(vowel), either = longer.or(vowel.negate());
        for (String w : List.of("apple", "ox", "tree", "egg", "umbrella")) System.out.println(w + " " + both.test(w) + " " + either.test(w) + " " + Predicate.not(longer).test(w));
        List<Integer> misses = new ArrayList<>();
        Function<Integer, Long> sq = memo(n -> (long) n * n, misses);
        long total = 0;
        for (int i = 0; i < 20; i++) total += sq.apply(i % 5);
        System.out.println("memo total " + total + " misses " + misses);
        BinaryOperator<Integer> maxOp = BinaryOperator.maxBy(Integer::compare);
        System.out.println("maxBy " + maxOp.apply(3, 9));
        Bus bus = new Bus();
        List<String> got = new ArrayList<>();
        bus.on("a", got::add);
        bus.on("a", s -> got.add(s.toUpperCase()));
        bus.on("b", s -> got.add("b:" + s));
        bus.emit("a", "hi"); bus.emit("b", "yo"); bus.emit("c", "none");
        System.out.println(got);
        BiConsumer<List<String>, String> adder = List::add;
        adder.andThen((l, s) -> l.add(s + s)).accept(got, "z");
        System.out.println(got);
        Supplier<Function<Integer, Function<Integer, Integer>>> curry = () -> a -> b -> a - b;
        System.out.println(curry.get().apply(10).apply(3));
        Function<Integer, Integer> id = Function.identity();
        Function<Integer, Integer> composed = id;
        for (int i = 1; i <= 5; i++) { final int k = i; composed = composed.andThen(x -> x * k); }
        System.out.println("5! via composition " + composed.apply(1));
    }
}
