import java.util.ArrayList;
import java.util.HashMap;
import java.util.TreeMap;

/** A short program that reaches a few dozen JDK methods, so that its profile has many contexts. */
public class WriterCost {
    public static void main(String[] args) {
        HashMap<String, Integer> h = new HashMap<>();
        TreeMap<String, Integer> t = new TreeMap<>();
        ArrayList<String> l = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            String k = "key" + i;
            h.put(k, i);
            t.put(k, i);
            l.add(k.toUpperCase());
        }
        long s = 0;
        for (String k : l) s += k.hashCode() + h.getOrDefault(k.toLowerCase(), 0) + t.get(k.toLowerCase());
        System.out.println("sum " + s);
    }
}
