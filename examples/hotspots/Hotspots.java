import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The bundled example: a small program with a few clear hot spots (trial-division primes, a
 * naive string builder loop, a word count over a HashMap) for `npm run example`.
 */
public class Hotspots {
    static boolean isPrime(int n) {
        if (n < 2) return false;
        for (int d = 2; d * d <= n; d++) {
            if (n % d == 0) return false;
        }
        return true;
    }

    static int countPrimes(int limit) {
        int count = 0;
        for (int i = 0; i < limit; i++) {
            if (isPrime(i)) count++;
        }
        return count;
    }

    static String sentence(int seed) {
        String[] words = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"};
        StringBuilder sb = new StringBuilder();
        int x = seed;
        for (int i = 0; i < 12; i++) {
            x = x * 1103515245 + 12345;
            sb.append(words[(x >>> 16) & 7]).append(' ');
        }
        return sb.toString();
    }

    static Map<String, Integer> wordCount(List<String> lines) {
        Map<String, Integer> counts = new HashMap<>();
        for (String line : lines) {
            for (String w : line.split(" ")) {
                counts.merge(w, 1, Integer::sum);
            }
        }
        return counts;
    }

    public static void main(String[] args) {
        int limit = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        System.out.println("primes below " + limit + ": " + countPrimes(limit));
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) lines.add(sentence(i));
        Map<String, Integer> counts = wordCount(lines);
        System.out.println("distinct words: " + counts.size() + ", alpha: " + counts.get("alpha"));
    }
}
