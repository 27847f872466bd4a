import java.util.ArrayList;
import java.util.List;

// finally semantics: finally after return (value already computed), return in finally
// overriding an exception, nested try/finally, break/continue through finally, exceptions
// thrown from catch and finally, finally in loops.
public class Main {
    static final List<String> log = new ArrayList<>();

    static int returnThenFinally() {
        int x = 1;
        try {
            return x;
        } finally {
            x = 99;
            log.add("finally saw x=" + x);
        }
    }

    @SuppressWarnings("finally")
    static int finallyOverrides() {
        try {
            throw new IllegalStateException("lost");
        } finally {
            return 42;
        }
    }

    static String nested(int mode) {
        StringBuilder sb = new StringBuilder();
        try {
            sb.append("a");
            try {
                sb.append("b");
                if (mode == 1) throw new RuntimeException("inner");
                if (mode == 2) return sb.append("R").toString();
                sb.append("c");
            } finally {
                sb.append("F1");
            }
            sb.append("d");
        } catch (RuntimeException e) {
            sb.append("E(" + e.getMessage() + ")");
        } finally {
            sb.append("F2");
            log.add("nested " + mode + " -> " + sb);
        }
        return sb.toString();
    }

    static void throwFromCatch() {
        try {
            try {
                throw new IllegalArgumentException("first");
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("from catch", e);
            } finally {
                log.add("finally after catch threw");
            }
        } catch (IllegalStateException e) {
            log.add("outer got " + e.getMessage() + " cause " + e.getCause().getMessage());
        }
    }

    @SuppressWarnings("finally")
    static void throwFromFinally() {
        try {
            try {
                throw new IllegalArgumentException("masked");
            } finally {
                throw new UnsupportedOperationException("from finally");
            }
        } catch (RuntimeException e) {
            log.add("got " + e.getMessage() + " suppressed " + e.getSuppressed().length);
        }
    }

    static int loops() {
        int total = 0;
        for (int i = 0; i < 6; i++) {
            try {
                if (i == 1) continue;
                if (i == 4) break;
                total += i;
            } finally {
                total += 100;
            }
        }
        return total;
    }

    static long tryInTry(long n) {
        long acc = 0;
        for (long i = 0; i < n; i++) {
            try {
                try {
                    if (i % 3 == 0) throw new ArithmeticException();
                    acc += i;
                } finally {
                    acc ^= i << 1;
                }
            } catch (ArithmeticException e) {
                acc += 7;
            }
        }
        return acc;
    }

    public static void main(String[] args) {
        System.out.println(returnThenFinally());
        System.out.println(finallyOverrides());
        for (int m = 0; m < 3; m++) System.out.println(nested(m));
        throwFromCatch();
        throwFromFinally();
        System.out.println("loops " + loops());
        System.out.println("tryInTry " + tryInTry(1000));
        for (String s : log) System.out.println(s);
    }
}
