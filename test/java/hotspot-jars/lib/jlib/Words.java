package jlib;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A library class in its own jar (named by the application jar's manifest Class-Path). */
public class Words {
    public static Map<String, Integer> count(String text) {
        Map<String, Integer> m = new HashMap<>();
        for (String w : text.split("[^a-z]+")) {
            if (w.isEmpty()) continue;
            Integer c = m.get(w);
            m.put(w, c == null ? 1 : c + 1);
        }
        return m;
    }

    /** The n most frequent words (ties by name), as "word=count". No lambdas: this is about jars. */
    public static List<String> top(Map<String, Integer> m, int n) {
        List<String> out = new ArrayList<>();
        TreeMap<String, Integer> left = new TreeMap<>(m);
        while (out.size() < n && !left.isEmpty()) {
            String best = null;
            for (Map.Entry<String, Integer> e : left.entrySet()) if (best == null || e.getValue() > left.get(best)) best = e.getKey();
            out.add(new StringBuilder(best).append('=').append(left.remove(best)).toString());
        }
        return out;
    }

    public int weight(String w) {
        int h = 0;
        for (int i = 0; i < w.length(); i++) h = h * 31 + w.charAt(i) % 7;
        return h & 0xff;
    }
}
