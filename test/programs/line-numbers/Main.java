import java.util.List;
import java.util.function.IntUnaryOperator;

// Line numbers in stack traces at awkward positions: the first instruction of a method, loop
// headers and update clauses, while/do-while conditions, switch selectors, the first statement
// of catch and finally blocks, multi-line expressions (calls, ternaries, concatenations, array
// initialisers), field initialisers, static initialisers, constructors with super(...) on a
// later line, and lambda bodies. Each case prints the line of the throwing frame and its caller.
public class Main {
    static int zero = 0;
    static int[] none = null;

    static class Base {
        Base(int x) { if (x < 0) throw new IllegalStateException("base"); }
    }
    static class Derived extends Base {
        final int field =
            10 /
                zero;
        Derived(int x) {
            super(
                x - 100);
        }
        Derived() {
            this(
                Integer.parseInt("2x"));
        }
    }

    static int firstInsn(int[] a) {
        return a[5];
    }

    static int loopHeader(int n) {
        int s = 0;
        for (int i = 0;
             i < n / zero;
             i++) {
            s += i;
        }
        return s;
    }

    static int updateClause(int n) {
        int s = 0;
        for (int i = 0; i < n;
             i += 1 + 0 * (1 / (2 - i))) {
            s++;
        }
        return s;
    }

    static int whileCond(int n) {
        int k = 0;
        while (k < 10 && n / (5 - k) > 0) {
            k++;
        }
        return k;
    }

    static int doWhile(int n) {
        int k = n;
        do {
            k--;
        } while (100 / k > 0);
        return k;
    }

    static String selector(String s) {
        switch (s.substring(
            3)) {
            case "x": return "x";
            default: return "d";
        }
    }

    static int inCatch() {
        try {
            return none.length;
        } catch (NullPointerException e) {
            return none[0] + 1;
        }
    }

    static int inFinally() {
        int r = 0;
        try {
            r = 1;
        } finally {
            r += none.length;
        }
        return r;
    }

    static String multiLine(int a) {
        return "value " +
            a +
            " half " +
            (a /
                (a - a)) +
            " end";
    }

    static int ternary(boolean f) {
        return f
            ? 1
            : none[2];
    }

    static int[] arrayInit(int k) {
        return new int[] {
            1,
            2,
            3 / k,
            4
        };
    }

    static int chained(List<String> l) {
        return l.get(0)
            .trim()
            .substring(1)
            .length()
            + l.get(1)
            .length();
    }

    static class Lazy {
        static final int BAD;
        static {
            int v = 1;
            v -= 1;
            BAD = 5 / v;
        }
    }

    static void report(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": no exception");
        } catch (RuntimeException | ExceptionInInitializerError e) {
            Throwable t = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
            StackTraceElement[] st = t.getStackTrace();
            int i = 0;
            while (!st[i].getClassName().startsWith("Main")) i++;
            System.out.println(what + ": " + t.getClass().getSimpleName() + " at " + (i > 0 ? st[0].getMethodName() + " .. " : "") + st[i].getMethodName() + ":" + st[i].getLineNumber() + " <- " + st[i + 1].getMethodName() + ":" + st[i + 1].getLineNumber());
        }
    }

    public static void main(String[] args) {
        report("first instruction", () -> firstInsn(new int[1]));
        report("loop header", () -> loopHeader(3));
        report("update clause", () -> updateClause(5));
        report("while condition", () -> whileCond(100));
        report("do-while condition", () -> doWhile(3));
        report("switch selector", () -> selector("ab"));
        report("catch block", Main::inCatch);
        report("finally block", Main::inFinally);
        report("multi-line concat", () -> multiLine(4));
        report("ternary", () -> ternary(false));
        report("array initialiser", () -> arrayInit(0));
        report("chained calls", () -> chained(List.of(" a")));
        report("chained calls 2", () -> chained(List.of("  ", "b")));
        report("field initialiser", () -> new Derived(500));
        report("super arguments", () -> { zero = 1; new Derived(5); });
        report("this arguments", () -> new Derived());
        report("static initialiser", () -> System.out.println(Lazy.BAD));
        IntUnaryOperator op = x ->
            100 /
                x;
        report("lambda body", () -> op.applyAsInt(0));
        report("lambda in stream", () -> List.of(1, 0).forEach(x -> System.out.print(
            10 / x + " ")));
        System.out.println();
    }
}
