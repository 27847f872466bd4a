// System.exit with a non-zero code directly from main, after output to both streams; a
// shutdown hook runs and prints; code after exit never runs.
public class Main {
    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("shutdown hook ran")));
        System.out.println("about to exit");
        System.err.println("stderr before exit");
        int code = 0;
        for (String s : new String[] {"a", "bb", "ccc"}) code += s.length();
        System.exit(code + 1);
        System.out.println("never printed");
    }
}
