package cpview;

import java.util.function.Supplier;

/** Work for each class loader of cpview.Main: enough bytecodes to be sampled. */
public class Plugin implements Supplier<String> {
    static int collatz(long n) {
        int steps = 0;
        while (n != 1) {
            n = (n & 1) == 0 ? n / 2 : 3 * n + 1;
            steps++;
        }
        return steps;
    }

    static String where() {
        try {
            throw new IllegalStateException("from the plugin");
        } catch (IllegalStateException e) {
            StackTraceElement top = e.getStackTrace()[0];
            StackTraceElement caller = e.getStackTrace()[1];
            return e.getMessage() + " at " + top.getMethodName() + ":" + top.getLineNumber() + " < " + caller.getMethodName() + ":" + caller.getLineNumber();
        }
    }

    @Override
    public String get() {
        long longest = 0;
        for (int i = 1; i < 20000; i++) longest = Math.max(longest, collatz(i));
        return "longest " + longest + ", " + where();
    }
}
