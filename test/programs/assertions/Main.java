// Assertions, run with -ea (jvm.txt): assert statements that pass, fail with and without
// messages, side effects inside assert expressions, desiredAssertionStatus, and a nested
// class that disables nothing; the failed assertion's stack trace is printed.
public class Main {
    static int sideEffects;

    static int checked(int x) {
        assert x >= 0 : "negative input " + x;
        assert ++sideEffects > 0;
        return x * 2;
    }

    static class Inner {
        static void verify(String s) { assert s != null && !s.isEmpty(); }
    }

    public static void main(String[] args) {
        System.out.println("assertions enabled: " + Main.class.desiredAssertionStatus());
        System.out.println(checked(5) + " side effects " + sideEffects);
        try {
            checked(-3);
        } catch (AssertionError e) {
            System.out.println("caught: " + e.getMessage());
            e.printStackTrace(System.out);
        }
        try {
            Inner.verify("");
        } catch (AssertionError e) {
            System.out.println("no message: " + e.getMessage());
        }
        boolean on = false;
        assert on = true;
        System.out.println("assert side effect ran: " + on + " side effects " + sideEffects);
        Inner.verify("ok");
        assert args.length == 0 : args.length;
        System.out.println("done");
    }
}
