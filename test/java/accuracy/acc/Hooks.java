package acc;

/**
 * A shutdown hook that does visible work (test/unit/accuracy-delta.test.ts): its method
 * hookWork must be in the exact and the sampled profile, in scope app and all, on both engines.
 */
public class Hooks {
    static volatile long sink;

    static long mainWork(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += (i * 31L) % 7;
        return s;
    }

    static long hookWork(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += (i * 17L) % 5;
        return s;
    }

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> sink = hookWork(20_000), "work-hook"));
        sink = mainWork(10_000);
        System.out.println("main done");
    }
}
