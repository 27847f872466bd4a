import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

// Streams: map/filter/reduce/collect, flatMap, distinct, sorted (natural and comparator),
// limit/skip, peek (lazy evaluation order), anyMatch/allMatch/noneMatch short-circuiting,
// findFirst, iterate/generate with limits, takeWhile/dropWhile, toArray, count, min/max,
// Stream.concat, and a stream re-use IllegalStateException.
public class Main {
    record City(String name, String country, int population) {}

    public static void main(String[] args) {
        List<String> words = List.of("stream", "lambda", "map", "filter", "reduce", "collect", "flat", "map", "peek");
        System.out.println(words.stream().filter(w -> w.length() > 4).map(String::toUpperCase).collect(Collectors.toList()));
        System.out.println(words.stream().map(String::length).reduce(0, Integer::sum) + " " + words.stream().mapToInt(String::length).max().getAsInt());
        System.out.println(words.stream().distinct().sorted().collect(Collectors.joining(", ", "[", "]")));
        System.out.println(words.stream().sorted((a, b) -> b.length() != a.length() ? b.length() - a.length() : a.compareTo(b)).skip(1).limit(4).toList());
        System.out.println(words.stream().flatMap(w -> w.chars().mapToObj(c -> (char) c)).distinct().map(String::valueOf).collect(Collectors.joining()));
        StringBuilder order = new StringBuilder();
        List<Integer> r = Stream.of(5, 2, 8, 1, 9).peek(x -> order.append("p").append(x)).filter(x -> x > 2).map(x -> { order.append("m").append(x); return x * 10; }).limit(2).toList();
        System.out.println(r + " order " + order);
        StringBuilder sc = new StringBuilder();
        boolean any = Stream.of(1, 3, 4, 5, 7).peek(sc::append).anyMatch(x -> x % 2 == 0);
        boolean all = Stream.of(2, 4, 5, 6).allMatch(x -> x % 2 == 0);
        boolean none = Stream.<Integer>empty().noneMatch(x -> true);
        System.out.println(any + " " + sc + " " + all + " " + none);
        System.out.println(Stream.iterate(1, x -> x * 3).limit(8).toList() + " " + Stream.iterate(1, x -> x < 100, x -> x * 2).toList());
        int[] counter = {0};
        System.out.println(Stream.generate(() -> counter[0]++).limit(5).toList());
        System.out.println(Stream.of(1, 2, 3, 10, 4, 1).takeWhile(x -> x < 5).toList() + " " + Stream.of(1, 2, 3, 10, 4, 1).dropWhile(x -> x < 5).toList());
        String[] arr = words.stream().filter(w -> w.contains("a")).toArray(String[]::new);
        System.out.println(Arrays.toString(arr) + " " + words.stream().filter(w -> w.startsWith("m")).count() + " " + words.stream().findFirst().orElse("none"));
        List<City> cities = List.of(new City("Lyon", "FR", 516), new City("Paris", "FR", 2161), new City("Bonn", "DE", 327), new City("Berlin", "DE", 3645), new City("Graz", "AT", 291));
        System.out.println(cities.stream().max((a, b) -> Integer.compare(a.population(), b.population())).map(City::name).orElse("?") + " " + cities.stream().min(java.util.Comparator.comparing(City::name)).get().name());
        System.out.println(cities.stream().filter(c -> c.country().equals("FR")).mapToInt(City::population).sum() + " " + cities.stream().map(City::country).distinct().sorted().toList());
        System.out.println(Stream.concat(Stream.of("a", "b"), Stream.of("c")).collect(Collectors.joining("+")) + " " + Stream.of(1, 2, 3, 4).reduce((a, b) -> a * b).get());
        System.out.println(Stream.of("x", "yy", "zzz").reduce(0, (acc, s) -> acc + s.length(), Integer::sum));
        Stream<String> once = words.stream();
        once.count();
        try {
            once.count();
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(words.parallelStream().map(String::length).sorted().collect(Collectors.toList()) + " " + words.parallelStream().mapToInt(String::length).sum());
    }
}
