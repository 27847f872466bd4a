import java.util.List;

// System.exit called deep inside nested calls (through a lambda in a stream, inside a
// synchronized block and a try/finally whose finally block must NOT run), with a
// shutdown hook; the exit code is computed.
public class Main {
    static final Object LOCK = new Object();

    static int level(int n, int code) {
        if (n == 0) {
            synchronized (LOCK) {
                try {
                    System.out.println("exiting with " + code);
                    System.exit(code);
                } finally {
                    System.out.println("finally must not run");
                }
            }
        }
        return level(n - 1, code) + 1;
    }

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("hook: exit in progress")));
        List.of(1, 2, 3).stream().map(x -> x * 7).forEach(x -> {
            System.out.println("value " + x);
            if (x == 14) level(20, x * 3);
        });
        System.out.println("not reached");
    }
}
