package streams;

import harness.Harness;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Lambdas and sequential streams: map/filter/reduce, grouping collectors, comparators, composed functions. */
public final class Main {
  record Person(String name, int age, int city) {}

  static List<Person> people(int n) {
    List<Person> ps = new ArrayList<>(n);
    int x = 7;
    for (int i = 0; i < n; i++) {
      x = x * 1103515245 + 12345;
      ps.add(new Person("p" + (x >>> 20), (x >>> 8) % 90, (x >>> 4) % 50));
    }
    return ps;
  }

  static long pipelines(int n) {
    long a = IntStream.range(0, n).map(i -> i * 3 + 1).filter(i -> i % 7 != 0).asLongStream().map(i -> i * i % 1000).sum();
    long b = IntStream.rangeClosed(1, n / 10).boxed().map(i -> i * (long) i).filter(v -> (v & 1) == 0).reduce(0L, Long::sum);
    return a * 31 + b;
  }

  static long collectors(List<Person> ps) {
    Map<Integer, Long> byCity = ps.stream().filter(p -> p.age() >= 18).collect(Collectors.groupingBy(Person::city, Collectors.counting()));
    Map<Boolean, Double> avgAge = ps.stream().collect(Collectors.partitioningBy(p -> p.city() % 2 == 0, Collectors.averagingInt(Person::age)));
    String oldest = ps.stream().sorted(Comparator.comparingInt(Person::age).reversed().thenComparing(Person::name)).limit(5).map(Person::name).collect(Collectors.joining(","));
    long h = oldest.hashCode();
    for (Map.Entry<Integer, Long> e : byCity.entrySet()) h = h * 31 + e.getKey() * e.getValue();
    return h + Double.doubleToLongBits(avgAge.get(true)) + Double.doubleToLongBits(avgAge.get(false));
  }

  static long functions(int n) {
    IntUnaryOperator f = x -> x + 1;
    for (int k = 2; k < 6; k++) {
      final int kk = k;
      f = f.andThen(x -> (x * kk) & 0xffff);
    }
    IntBinaryOperator g = (x, y) -> x ^ (y << 1);
    int acc = 0;
    for (int i = 0; i < n; i++) acc = g.applyAsInt(acc, f.applyAsInt(i));
    return acc;
  }

  public static void main(String[] args) {
    Harness.run("streams", args, scale -> {
      long h = Harness.mix(0, pipelines(Harness.size(scale, 292_000, 100)));
      h = Harness.mix(h, collectors(people(Harness.size(scale, 24_000, 100))));
      return Harness.mix(h, functions(Harness.size(scale, 731_000, 100)));
    });
  }
}
