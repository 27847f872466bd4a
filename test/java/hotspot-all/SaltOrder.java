import java.util.Map;
import java.util.Set;

// Work that depends on the iteration order of Set.of/Map.of (ImmutableCollections' SALT, which
// java draws from System.nanoTime() in every run): the first element decides how long the loop
// runs. The output does not depend on the order; the profile does unless the salt is fixed.
public class SaltOrder {
    public static void main(String[] args) {
        Set<String> s = Set.of("a", "bb", "ccc", "dddd", "eeeee", "ffffff", "ggggggg", "hhhhhhhh");
        Map<String, Integer> m = Map.of("k1", 1, "k22", 2, "k333", 3, "k4444", 4, "k55555", 5, "k666666", 6);
        long sum = 0;
        for (int r = 0; r < 50; r++) {
            String first = s.iterator().next();
            for (int i = 0; i < first.length() * 20; i++) sum += i % 7;
            for (Map.Entry<String, Integer> e : m.entrySet()) {
                if (e.getValue() == 1 + (r % 6)) break;
                sum += e.getKey().length();
            }
        }
        System.out.println(s.size() + " " + m.size() + " " + (sum > 0));
    }
}
