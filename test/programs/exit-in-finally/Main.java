// An exception propagates, a finally block calls System.exit with a code: the JVM exits
// with that code and the exception is never reported. A catch block logs first.
public class Main {
    static void work(int depth) {
        if (depth == 3) throw new IllegalStateException("failure at depth " + depth);
        try {
            work(depth + 1);
        } finally {
            System.out.println("unwinding depth " + depth);
            if (depth == 1) {
                System.out.println("exit from finally");
                System.exit(7);
            }
        }
    }

    public static void main(String[] args) {
        try {
            work(0);
        } catch (RuntimeException e) {
            System.out.println("never caught here: " + e.getMessage());
        } finally {
            System.out.println("main finally never runs");
        }
    }
}
