// NullPointerException helpful messages (JEP 358, on by default in JDK 17): they name the
// failed action and the null expression (local variable names from -g, fields, array
// elements, method return values, static fields), and must read the same after transformation.
public class Main {
    static String staticField;
    String name;
    Main next;
    int[] numbers;

    static String nothing() { return null; }
    Main getNext() { return next; }
    static Main make(boolean real) { return real ? new Main() : null; }

    static void attempt(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": ok");
        } catch (NullPointerException e) {
            System.out.println(what + ": " + e.getMessage());
        }
    }

    static int lengthOf(String s) { return s.length(); }
    static int sum(int[] arr) { int t = 0; for (int v : arr) t += v; return t; }

    public static void main(String[] args) {
        Main m = new Main();
        String local = null;
        String[] strs = new String[2];
        int[][] grid = new int[2][];
        Integer boxed = null;
        attempt("local", () -> System.out.println(lengthOf(local)));
        attempt("parameter", () -> System.out.println(lengthOf(null)));
        attempt("field", () -> System.out.println(m.name.length()));
        attempt("chained field", () -> System.out.println(m.next.name));
        attempt("method return", () -> System.out.println(nothing().trim()));
        attempt("method return chain", () -> System.out.println(m.getNext().getNext()));
        attempt("static field", () -> System.out.println(staticField.isEmpty()));
        attempt("array element", () -> System.out.println(strs[1].toUpperCase()));
        attempt("array load on null", () -> System.out.println(grid[0][1]));
        attempt("array store on null", () -> grid[1][0] = 3);
        attempt("array length", () -> System.out.println(m.numbers.length));
        attempt("foreach", () -> System.out.println(sum(m.numbers)));
        attempt("unboxing", () -> { int x = boxed; System.out.println(x); });
        attempt("field write", () -> m.next.name = "x");
        attempt("synchronized", () -> { synchronized (m.next) { System.out.println("in"); } });
        attempt("throw null", () -> { RuntimeException re = null; throw re; });
        attempt("factory", () -> System.out.println(make(false).name));
        attempt("static call result", () -> System.out.println(make(true).getNext().name));
        attempt("string switch", () -> { switch (local) { case "a": break; default: System.out.println("d"); } });
        attempt("explicit", () -> { throw new NullPointerException("custom message"); });
        attempt("no message", () -> { throw new NullPointerException(); });
        String x = null;
        try {
            System.out.println(x.length());
        } catch (NullPointerException e) {
            System.out.println("in main: " + e.getMessage());
            e.printStackTrace(System.out);
        }
    }
}
