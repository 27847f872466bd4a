import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

// Reads all of standard input line by line (the harness feeds input.txt): a tiny command
// interpreter over a key/value store, with counts, word statistics and an error on a bad line
// reported to stderr. Exits with the number of errors as the exit code.
public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Map<String, Long> store = new TreeMap<>();
        String line;
        int lineNo = 0, errors = 0;
        long words = 0, chars = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            chars += line.length();
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) continue;
            String[] parts = trimmed.split("\\s+");
            words += parts.length;
            try {
                switch (parts[0]) {
                    case "set" -> store.put(parts[1], Long.parseLong(parts[2]));
                    case "add" -> store.merge(parts[1], Long.parseLong(parts[2]), Long::sum);
                    case "mul" -> store.computeIfPresent(parts[1], (k, v) -> v * Long.parseLong(parts[2]));
                    case "del" -> store.remove(parts[1]);
                    case "print" -> System.out.println(lineNo + ": " + parts[1] + " = " + store.getOrDefault(parts[1], 0L));
                    case "dump" -> System.out.println(lineNo + ": " + store);
                    case "echo" -> System.out.println(lineNo + ": " + trimmed.substring(5).toUpperCase());
                    default -> throw new IllegalArgumentException("unknown command '" + parts[0] + "'");
                }
            } catch (RuntimeException e) {
                errors++;
                System.err.println("line " + lineNo + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        System.out.println("lines " + lineNo + " words " + words + " chars " + chars + " errors " + errors);
        System.out.flush();
        System.exit(errors);
    }
}
