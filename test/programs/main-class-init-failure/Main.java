import java.util.Map;

// The main class's own static initialiser fails: the launcher reports the
// ExceptionInInitializerError on stderr (with the cause's trace) and exits with code 1;
// output printed by the initialiser before the failure is kept.
public class Main {
    static final Map<String, Integer> CONFIG = load();

    static Map<String, Integer> load() {
        System.out.println("loading configuration");
        return Map.of("port", parse("80x"));
    }

    static int parse(String s) { return Integer.parseInt(s); }

    public static void main(String[] args) {
        System.out.println("never: " + CONFIG);
    }
}
