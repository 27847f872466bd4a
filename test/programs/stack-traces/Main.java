import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

// Stack traces as programs see them: Throwable.getStackTrace, Thread.getStackTrace,
// StackWalker, printStackTrace through constructors, static initialisers, lambdas, streams
// (uninstrumented JDK frames between user frames), inner classes and recursion.
public class Main {
    static class Holder {
        static final String VALUE;
        static {
            String v;
            try {
                v = Main.fail("in clinit");
            } catch (RuntimeException e) {
                e.printStackTrace(System.out);
                v = "recovered";
            }
            VALUE = v;
        }
    }

    static class Widget {
        Widget(int depth) {
            if (depth == 0) new Throwable("in constructor").printStackTrace(System.out);
            else new Widget(depth - 1);
        }
    }

    class Inner {
        void go() { new RuntimeException("in inner").printStackTrace(System.out); }
    }

    static String fail(String why) { throw new IllegalStateException(why); }

    static int recurse(int n) {
        if (n == 0) {
            StackTraceElement[] st = new Throwable().getStackTrace();
            System.out.println("depth seen " + st.length);
            for (StackTraceElement e : st) System.out.println("  " + e);
            return 0;
        }
        return recurse(n - 1) + 1;
    }

    static void walker() {
        List<String> frames = StackWalker.getInstance().walk(s -> s.map(f -> f.getClassName() + "." + f.getMethodName() + ":" + f.getLineNumber()).collect(Collectors.toList()));
        System.out.println("walker " + frames);
        StackTraceElement[] t = Thread.currentThread().getStackTrace();
        System.out.println("thread trace top " + t[1] + " caller " + t[2]);
        System.out.println("caller class " + StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass().getName());
    }

    public static void main(String[] args) {
        System.out.println(Holder.VALUE);
        new Widget(3);
        new Main().new Inner().go();
        recurse(4);
        walker();
        Supplier<String> s = () -> fail("in lambda");
        try {
            s.get();
        } catch (IllegalStateException e) {
            e.printStackTrace(System.out);
        }
        try {
            Arrays.asList(3, 2, 1, 0).stream().map(i -> 6 / i).forEach(i -> System.out.println("6/i=" + i));
        } catch (ArithmeticException e) {
            e.printStackTrace(System.out);
        }
        try {
            List.of("a", "bb", "").forEach(str -> { if (str.isEmpty()) throw new IllegalArgumentException("empty"); });
        } catch (IllegalArgumentException e) {
            StackTraceElement[] st = e.getStackTrace();
            for (StackTraceElement el : st) System.out.println(el.getClassName() + " " + el.getMethodName() + " " + el.getLineNumber() + " native=" + el.isNativeMethod());
        }
    }
}
