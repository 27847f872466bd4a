package lambdas;

import harness.Harness;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.LongBinaryOperator;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * Lambdas without streams: capturing and non-capturing lambdas and method references in hot
 * loops, a table of lambdas (megamorphic call site), curried and composed functions with boxing,
 * callbacks through a custom interface, Optional chains, and comparator lambdas in a sort.
 */
public final class Main {
  /** A callback interface of our own (not java.util.function). */
  interface Visitor {
    void visit(int value, int depth);
  }

  static void walk(int lo, int hi, int depth, Visitor v) {
    if (hi - lo <= 1) {
      v.visit(lo, depth);
      return;
    }
    int mid = (lo + hi) >>> 1;
    walk(lo, mid, depth + 1, v);
    walk(mid, hi, depth + 1, v);
  }

  static long callbacks(int n) {
    long[] acc = new long[2];
    walk(0, n, 0, (value, depth) -> {
      acc[0] += (long) value * depth;
      acc[1] ^= value + depth;
    });
    return acc[0] * 31 + acc[1];
  }

  static long table(int n) {
    LongBinaryOperator[] ops = {
      (a, b) -> a + b,
      (a, b) -> a ^ (b << 1),
      (a, b) -> (a * 31 + b) & 0xffffffL,
      Math::max,
      Long::sum,
      (a, b) -> a - (b >> 2),
    };
    long acc = 1;
    for (int i = 0; i < n; i++) acc = ops[i % ops.length].applyAsLong(acc, i) & 0xffffffffL;
    return acc;
  }

  static long curried(int n) {
    Function<Integer, Function<Integer, Integer>> add = a -> b -> a + b;
    BiFunction<Integer, Integer, Integer> mul = (a, b) -> a * b % 10007;
    Function<Integer, Integer> f = add.apply(3).andThen(x -> mul.apply(x, 7)).compose(x -> x ^ 5);
    long h = 0;
    for (int i = 0; i < n; i++) h = h * 31 + f.apply(i & 4095);
    return h;
  }

  static long captures(int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      final int k = i & 63;
      IntPredicate even = x -> ((x + k) & 1) == 0;
      Supplier<Integer> s = () -> k * k;
      ToLongFunction<String> len = String::length;
      h += (even.test(i) ? s.get() : 1) + len.applyAsLong(k < 10 ? "x" : "yy");
    }
    return h;
  }

  static long optionals(int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      Optional<Integer> o = i % 3 == 0 ? Optional.empty() : Optional.of(i);
      h += o.map(x -> x * 2).filter(x -> x % 5 != 0).orElseGet(() -> -1);
    }
    return h;
  }

  record Item(String name, int weight, int price) {}

  static long sorting(int n) {
    List<Item> items = new ArrayList<>(n);
    int x = 11;
    for (int i = 0; i < n; i++) {
      x = x * 1103515245 + 12345;
      items.add(new Item("i" + ((x >>> 12) & 1023), (x >>> 4) & 255, (x >>> 20) & 511));
    }
    items.sort(Comparator.comparingInt(Item::weight).thenComparing(Item::name).thenComparing((a, b) -> b.price() - a.price()));
    long h = 0;
    for (int i = 0; i < items.size(); i += 13) h = h * 31 + items.get(i).price();
    return h;
  }

  public static void main(String[] args) {
    Harness.run("lambdas", args, scale -> {
      long h = Harness.mix(0, callbacks(Harness.size(scale, 600_000, 100)));
      h = Harness.mix(h, table(Harness.size(scale, 1_500_000, 100)));
      h = Harness.mix(h, curried(Harness.size(scale, 500_000, 100)));
      h = Harness.mix(h, captures(Harness.size(scale, 800_000, 100)));
      h = Harness.mix(h, optionals(Harness.size(scale, 500_000, 100)));
      return Harness.mix(h, sorting(Harness.size(scale, 20_000, 100)));
    });
  }
}
