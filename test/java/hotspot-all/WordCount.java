import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

// Deterministic and single-threaded, without string concatenation or lambdas (whose call
// sites each engine links its own way): the JDK's HashMap, String and ArrayList do most of
// the work, so a profile with the JDK instrumented shows it under main.
public class WordCount {
    static Map<String, Integer> count(String[] words) {
        Map<String, Integer> counts = new HashMap<>();
        for (String w : words) {
            Integer c = counts.get(w);
            counts.put(w, c == null ? 1 : c + 1);
        }
        return counts;
    }

    public static void main(String[] args) {
        StringBuilder text = new StringBuilder();
        String[] vocabulary = "it was the best of times it was the worst of times".split(" ");
        for (int i = 0; i < 3000; i++) text.append(vocabulary[(i * 7) % vocabulary.length]).append(' ');
        Map<String, Integer> counts = count(text.toString().split(" "));
        List<String> keys = new ArrayList<>(counts.keySet());
        Collections.sort(keys);
        StringBuilder out = new StringBuilder();
        for (String k : keys) out.append(k).append('=').append(counts.get(k)).append('\n');
        System.out.print(out);
    }
}
