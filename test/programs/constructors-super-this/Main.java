import java.util.List;

// Constructors: code evaluated for super(...) arguments (static helpers, ternaries, string
// concat, lambdas and new objects as arguments), this(...) chains, exceptions in argument
// evaluation, inner class constructors with the outer instance, anonymous subclasses with
// constructor arguments, and instance creation inside constructor arguments.
public class Main {
    static int calls;
    static int compute(int x) { calls++; return x * x + 1; }
    static String check(String s) { if (s == null) throw new IllegalArgumentException("null name"); return s.trim(); }

    static class Base {
        final int value; final String name; final List<Integer> list;
        Base(int value, String name, List<Integer> list) {
            this.value = value; this.name = name; this.list = list;
            System.out.println("Base(" + value + ", " + name + ", " + list + ")");
        }
        Base(int value) { this(value, "v" + value, List.of(value)); }
    }

    static class Child extends Base {
        final double ratio;
        Child(int x) { super(compute(x), x > 2 ? "big" : "small", List.of(compute(x + 1), compute(x + 2))); ratio = value / 2.0; }
        Child(String n) { super(n.length() + calls, check(n), java.util.stream.IntStream.range(0, n.length()).boxed().toList()); ratio = -1; }
        Child() { this(new Child(1).value + 1); System.out.println("Child() done"); }
        Child(int a, int b) { this(a > b ? a - b : b - a); }
    }

    class Inner extends Base {
        Inner(int k) { super(k + outerValue); }
    }
    int outerValue = 1000;

    public static void main(String[] args) {
        Child c = new Child(3);
        System.out.println("ratio " + c.ratio);
        new Child("  hello ");
        new Child();
        new Child(2, 9);
        try {
            new Child((String) null);
        } catch (NullPointerException e) {
            System.out.println("NPE in argument evaluation");
        }
        try {
            new Child("\0") {
                { System.out.println("anonymous init"); }
            };
            Base b = new Base(5, check(null), List.of());
            System.out.println(b);
        } catch (IllegalArgumentException e) {
            System.out.println("caught " + e.getMessage());
        }
        Main m = new Main();
        Inner in = m.new Inner(7);
        System.out.println("inner " + in.value + " calls " + calls);
    }
}
