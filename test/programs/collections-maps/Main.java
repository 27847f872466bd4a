import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

// Maps: HashMap (put/get/remove, compute*, merge, getOrDefault, putIfAbsent, iteration of
// String/Integer keys, whose order is deterministic), LinkedHashMap (insertion and access
// order, LRU via removeEldestEntry), TreeMap (navigation, sub/head/tail views, comparator,
// descending), Map.of/entry/copyOf, entrySet setValue, null keys/values.
public class Main {
    static class Lru<K, V> extends LinkedHashMap<K, V> {
        final int cap;
        Lru(int cap) { super(16, 0.75f, true); this.cap = cap; }
        @Override protected boolean removeEldestEntry(Map.Entry<K, V> e) { return size() > cap; }
    }

    public static void main(String[] args) {
        Map<String, Integer> counts = new HashMap<>();
        String text = "it was the best of times it was the worst of times it was the age of wisdom";
        for (String w : text.split(" ")) counts.merge(w, 1, Integer::sum);
        System.out.println(counts);
        counts.computeIfPresent("it", (k, v) -> v * 100);
        counts.computeIfAbsent("new", k -> k.length());
        counts.compute("times", (k, v) -> v == null ? 0 : null);
        counts.putIfAbsent("best", 999);
        counts.putIfAbsent("fresh", 1);
        counts.remove("of", 2);
        counts.remove("age", 1);
        System.out.println(counts.getOrDefault("missing", -1) + " " + counts.get("it") + " " + counts.containsKey("times") + " " + counts.containsValue(3) + " " + counts.size());
        counts.put(null, 0);
        counts.put("nullvalue", null);
        System.out.println(counts.get(null) + " " + counts.get("nullvalue") + " " + counts.containsKey("nullvalue"));
        for (Map.Entry<String, Integer> e : counts.entrySet()) if (e.getValue() != null) e.setValue(e.getValue() + 1);
        System.out.println(new TreeMap<>(Map.of("a", 1, "b", 2)) + " " + counts.keySet().stream().filter(k -> k != null).sorted().toList());
        Map<Integer, String> ints = new HashMap<>();
        for (int i = 20; i > 0; i -= 3) ints.put(i * 7, "v" + i);
        System.out.println(ints);

        Lru<String, Integer> lru = new Lru<>(3);
        lru.put("a", 1); lru.put("b", 2); lru.put("c", 3);
        lru.get("a");
        lru.put("d", 4);
        System.out.println("lru " + lru);
        LinkedHashMap<String, Integer> ordered = new LinkedHashMap<>();
        for (String s : new String[] {"zeta", "alpha", "mu", "beta"}) ordered.put(s, s.length());
        ordered.put("alpha", 0);
        System.out.println(ordered);

        TreeMap<Integer, String> tm = new TreeMap<>();
        for (int k : new int[] {50, 20, 80, 10, 30, 70, 90, 60}) tm.put(k, "n" + k);
        System.out.println(tm.firstKey() + " " + tm.lastEntry() + " floor(55)=" + tm.floorKey(55) + " ceiling(55)=" + tm.ceilingKey(55) + " lower(50)=" + tm.lowerKey(50) + " higher(90)=" + tm.higherKey(90));
        System.out.println(tm.headMap(30) + " " + tm.tailMap(70, false) + " " + tm.subMap(20, true, 60, true).keySet());
        NavigableMap<Integer, String> desc = tm.descendingMap();
        System.out.println(desc.firstKey() + " " + desc.keySet() + " poll " + tm.pollFirstEntry() + " " + tm.pollLastEntry() + " " + tm.size());
        TreeMap<String, Integer> ci = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        ci.put("Banana", 1); ci.put("apple", 2); ci.put("BANANA", 3); ci.put("cherry", 4);
        System.out.println(ci + " " + ci.get("APPLE"));
        Map<String, Integer> im = Map.ofEntries(Map.entry("k1", 1), Map.entry("k2", 2));
        try {
            im.put("k3", 3);
        } catch (UnsupportedOperationException e) {
            System.out.println("immutable map " + new TreeMap<>(im));
        }
        try {
            Map.of("dup", 1, "dup", 2);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        Map<Character, Integer> freq = new TreeMap<>();
        for (char c : "mississippi".toCharArray()) freq.merge(c, 1, Integer::sum);
        StringBuilder sb = new StringBuilder();
        freq.forEach((k, v) -> sb.append(k).append(v));
        System.out.println(sb);
        HashMap<Integer, Integer> grow = new HashMap<>(2);
        for (int i = 0; i < 500; i++) grow.put(i * 31, i);
        long s = 0;
        for (int k : grow.keySet()) s = s * 31 + k;
        System.out.println("iteration order hash " + s + " " + grow.get(31 * 77));
    }
}
