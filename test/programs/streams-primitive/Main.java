import java.util.IntSummaryStatistics;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

// Primitive streams: IntStream.range/rangeClosed, boxed, mapToObj, sum/average/summary
// statistics, LongStream with large values, DoubleStream, iterate, flatMap to pairs,
// filter with a primality test, reduce, asLongStream, chars of strings, parallel sums.
public class Main {
    static boolean isPrime(int n) {
        return n > 1 && IntStream.rangeClosed(2, (int) Math.sqrt(n)).noneMatch(d -> n % d == 0);
    }

    public static void main(String[] args) {
        System.out.println(IntStream.range(0, 10).sum() + " " + IntStream.rangeClosed(1, 10).reduce(1, (a, b) -> a * b) + " " + IntStream.range(5, 5).count());
        System.out.println(IntStream.rangeClosed(1, 100).filter(Main::isPrime).boxed().collect(Collectors.toList()));
        System.out.println(IntStream.range(0, 6).mapToObj(i -> "#" + i).collect(Collectors.joining(" ")));
        IntSummaryStatistics st = IntStream.of(4, 8, 15, 16, 23, 42).summaryStatistics();
        System.out.println(st);
        System.out.println(IntStream.of().average().isPresent() + " " + IntStream.of(1, 2).average().getAsDouble() + " " + IntStream.of(3, 1, 2).sorted().boxed().toList());
        System.out.println(LongStream.rangeClosed(1, 20).reduce(1L, (a, b) -> a * b) + " " + LongStream.iterate(1, x -> x * 7).limit(20).max().getAsLong());
        System.out.println(DoubleStream.of(1.5, 2.5, -0.5).map(Math::abs).sum() + " " + DoubleStream.iterate(1.0, x -> x / 2).limit(10).sum());
        System.out.println(IntStream.rangeClosed(1, 4).boxed().flatMap(a -> IntStream.rangeClosed(a, 4).mapToObj(b -> a + "" + b)).collect(Collectors.joining(",")));
        long pyth = IntStream.rangeClosed(1, 30).boxed().flatMap(a -> IntStream.rangeClosed(a, 30).filter(b -> {
            double c = Math.sqrt(a * a + b * b);
            return c == Math.floor(c) && c <= 30;
        }).mapToObj(b -> new int[] {a, b})).count();
        System.out.println("pythagorean triples " + pyth);
        System.out.println("hello world".chars().filter(Character::isLetter).map(Character::toUpperCase).mapToObj(c -> String.valueOf((char) c)).collect(Collectors.joining()));
        System.out.println(IntStream.range(0, 1000).parallel().map(x -> x * x % 97).sum() + " " + IntStream.range(0, 1000).parallel().filter(x -> x % 7 == 0).count());
        System.out.println(IntStream.iterate(0, i -> i < 20, i -> i + 3).boxed().toList() + " " + IntStream.range(0, 5).asLongStream().map(x -> x << 40).max().getAsLong());
        int[] squares = IntStream.range(0, 8).map(i -> i * i).toArray();
        System.out.println(java.util.Arrays.toString(squares) + " " + IntStream.of(squares).anyMatch(x -> x == 49) + " " + IntStream.of(squares).skip(2).limit(3).sum());
        System.out.println(IntStream.rangeClosed(1, 5).mapToObj(Integer::toString).collect(Collectors.joining("*")) + "=" + IntStream.rangeClosed(1, 5).reduce((a, b) -> a * b).getAsInt());
    }
}
