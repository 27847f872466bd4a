import java.util.List;

// Stack traces through the program's OWN functional interfaces: lambdas and method
// references implementing a user interface (their classes are generated at run time by the
// JDK), an anonymous class implementing the same interface, a generic user interface called
// through a default method, and Thread.getStackTrace inside such a lambda. Every trace is
// printed with printStackTrace / StackTraceElement and must be unchanged by profiling.
public class Main {
    interface Step { int apply(int x); }
    interface Pipeline<T> {
        T run(T input);
        default T twice(T input) { return run(run(input)); }
    }

    static int explode(int x) {
        if (x > 2) throw new IllegalStateException("exploded at " + x);
        return x + 1;
    }

    static int drive(Step s, int x) { return s.apply(x); }

    public static void main(String[] args) {
        Step lambda = x -> explode(x * 2);
        Step ref = Main::explode;
        Step anon = new Step() { @Override public int apply(int x) { return explode(x + 5); } };
        for (Step s : List.of(lambda, ref, anon)) {
            try {
                System.out.println("result " + drive(s, 1));
                System.out.println("result " + drive(s, 2));
            } catch (IllegalStateException e) {
                e.printStackTrace(System.out);
            }
        }
        Pipeline<String> p = s -> {
            if (s.length() > 3) throw new IllegalArgumentException("too long: " + s);
            return s + s;
        };
        try {
            System.out.println(p.twice("ab"));
        } catch (IllegalArgumentException e) {
            e.printStackTrace(System.out);
        }
        Step tracer = x -> {
            StackTraceElement[] st = Thread.currentThread().getStackTrace();
            for (int i = 1; i < st.length; i++) System.out.println("  frame " + st[i].getClassName() + "." + st[i].getMethodName() + ":" + st[i].getLineNumber());
            return x;
        };
        drive(tracer, 0);
        Step deep = new Step() {
            @Override public int apply(int x) { return x == 0 ? explode(3) : drive(this, x - 1); }
        };
        try {
            drive(deep, 3);
        } catch (IllegalStateException e) {
            System.out.println("frames " + e.getStackTrace().length);
            e.printStackTrace(System.out);
        }
        drive(x -> { throw new UnsupportedOperationException("uncaught from a lambda"); }, 0);
    }
}
