import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

// Collectors: groupingBy (with TreeMap supplier and downstream counting, summing, mapping,
// averaging, maxBy), partitioningBy, toMap (merge function, duplicate key exception),
// joining, summarizingInt, collectingAndThen, teeing, reducing, flatMapping, filtering.
public class Main {
    record Sale(String region, String product, int units, double price) {
        double total() { return units * price; }
    }

    public static void main(String[] args) {
        List<Sale> sales = List.of(
            new Sale("north", "apple", 10, 0.5), new Sale("south", "apple", 4, 0.55), new Sale("north", "pear", 7, 0.8),
            new Sale("east", "plum", 20, 0.3), new Sale("south", "pear", 3, 0.75), new Sale("north", "apple", 5, 0.5),
            new Sale("east", "apple", 9, 0.45), new Sale("west", "kiwi", 1, 2.0), new Sale("south", "plum", 12, 0.35));
        Map<String, Long> countByRegion = sales.stream().collect(Collectors.groupingBy(Sale::region, TreeMap::new, Collectors.counting()));
        System.out.println(countByRegion);
        Map<String, Integer> unitsByProduct = sales.stream().collect(Collectors.groupingBy(Sale::product, TreeMap::new, Collectors.summingInt(Sale::units)));
        System.out.println(unitsByProduct);
        Map<String, List<String>> productsByRegion = sales.stream().collect(Collectors.groupingBy(Sale::region, TreeMap::new, Collectors.mapping(Sale::product, Collectors.toList())));
        System.out.println(productsByRegion);
        Map<String, Double> avg = sales.stream().collect(Collectors.groupingBy(Sale::product, TreeMap::new, Collectors.averagingDouble(Sale::price)));
        avg.forEach((k, v) -> System.out.printf("%s %.4f%n", k, v));
        Map<String, Optional<Sale>> best = sales.stream().collect(Collectors.groupingBy(Sale::region, TreeMap::new, Collectors.maxBy((a, b) -> Double.compare(a.total(), b.total()))));
        best.forEach((k, v) -> System.out.println(k + " best " + v.map(s -> s.product() + "=" + s.total()).orElse("-")));
        Map<Boolean, List<Integer>> parts = sales.stream().map(Sale::units).collect(Collectors.partitioningBy(u -> u >= 7));
        System.out.println(parts);
        Map<String, Integer> toMap = sales.stream().collect(Collectors.toMap(Sale::product, Sale::units, Integer::sum, TreeMap::new));
        System.out.println(toMap);
        try {
            sales.stream().collect(Collectors.toMap(Sale::region, Sale::units));
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(sales.stream().map(Sale::product).distinct().sorted().collect(Collectors.joining("|", "<", ">")));
        var stats = sales.stream().collect(Collectors.summarizingInt(Sale::units));
        System.out.println(stats.getCount() + " " + stats.getSum() + " " + stats.getMin() + " " + stats.getMax() + " " + stats.getAverage());
        int distinct = sales.stream().map(Sale::region).collect(Collectors.collectingAndThen(Collectors.toSet(), java.util.Set::size));
        String teed = sales.stream().collect(Collectors.teeing(Collectors.counting(), Collectors.summingDouble(Sale::total), (n, t) -> n + " sales worth " + String.format("%.2f", t)));
        System.out.println(distinct + " regions, " + teed);
        System.out.println(sales.stream().map(Sale::units).collect(Collectors.reducing(0, (a, b) -> a > b ? a : b)));
        Map<String, List<Character>> letters = sales.stream().collect(Collectors.groupingBy(Sale::region, TreeMap::new,
            Collectors.flatMapping(s -> s.product().chars().mapToObj(c -> (char) c).distinct(), Collectors.filtering(c -> "aeiou".indexOf(c) < 0, Collectors.toList()))));
        System.out.println(letters);
        Map<String, Map<String, Integer>> nested = sales.stream().collect(Collectors.groupingBy(Sale::region, TreeMap::new, Collectors.groupingBy(Sale::product, TreeMap::new, Collectors.summingInt(Sale::units))));
        System.out.println(nested);
        Map<Integer, Long> byLength = List.of("a", "bb", "cc", "ddd", "e").stream().collect(Collectors.groupingBy(String::length, Collectors.counting()));
        System.out.println(byLength);
    }
}
