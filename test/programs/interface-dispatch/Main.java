import java.lang.reflect.Proxy;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;

// Calls through the program's own interfaces, whose extended versions are default-method
// trampolines (interfaces with two or more abstract methods; those a lambda can implement keep
// call-outs): instrumented implementations, anonymous classes and proxies (not instrumented),
// default methods inherited, overridden and called with I.super.m(), the same method declared
// by two unrelated interfaces (implemented by a JDK superclass, by a lambda of a
// sub-interface, by an intersection lambda and by a proxy), and stack traces through them.
public class Main {
    interface Shape {
        double area();

        String name();

        default String describe() {
            return getClass().getSimpleName() + " of area " + area();
        }

        default String tag() {
            return "shape";
        }
    }

    static final class Square implements Shape {
        final double s;

        Square(double s) {
            this.s = s;
        }

        public double area() {
            return s * s;
        }

        public String name() {
            return "square";
        }
    }

    static final class Circle implements Shape {
        final double r;

        Circle(double r) {
            this.r = r;
        }

        public double area() {
            return 3 * r * r;
        }

        public String name() {
            return "circle";
        }

        @Override
        public String describe() {
            return "round " + Shape.super.describe();
        }

        @Override
        public String tag() {
            return "circle/" + Shape.super.tag();
        }
    }

    interface Sized {
        int size();

        boolean full();
    }

    interface Counted {
        int size();

        int limit();

        default int twice() {
            return 2 * size();
        }
    }

    // size() is declared here (instrumented); isEmpty() comes from the JDK.
    static final class Words extends AbstractList<String> implements Sized, Counted {
        final String[] w;

        Words(String... w) {
            this.w = w;
        }

        public String get(int i) {
            return w[i];
        }

        public int size() {
            return w.length;
        }

        public boolean full() {
            return true;
        }

        public int limit() {
            return w.length;
        }
    }

    // size() is inherited from ArrayList (not instrumented) for both interfaces.
    static final class Bag extends ArrayList<String> implements Sized, Counted {
        public boolean full() {
            return size() >= limit();
        }

        public int limit() {
            return 4;
        }
    }

    interface IntOp {
        int apply(int x);
    }

    interface IntOp2 {
        int apply(int x);
    }

    interface BothOps extends IntOp, IntOp2 {}

    interface Visitor {
        void visit(int value);
    }

    static void walk(int n, Visitor v) {
        for (int i = 0; i < n; i++) v.visit(i);
    }

    static int viaOp(IntOp op, int x) {
        return op.apply(x);
    }

    static int viaOp2(IntOp2 op, int x) {
        return op.apply(x);
    }

    static double total(List<Shape> shapes) {
        double t = 0;
        for (Shape s : shapes) t += s.area();
        return t;
    }

    static void fail(int value) {
        if (value == 3) throw new IllegalStateException("visited " + value);
    }

    public static void main(String[] args) {
        List<Shape> shapes = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            shapes.add(new Square(i));
            shapes.add(new Circle(i));
            final int k = i;
            shapes.add(new Shape() {
                public double area() {
                    return k * 10.0;
                }

                public String name() {
                    return "anonymous " + k;
                }
            });
        }
        System.out.println("total " + total(shapes));
        for (Shape s : shapes.subList(0, 3)) System.out.println(s.describe() + " [" + s.tag() + "] " + s.name());

        Words words = new Words("a", "b", "c");
        Bag bag = new Bag();
        bag.add("x");
        bag.add("y");
        Sized s1 = words;
        Counted c1 = words;
        Sized s2 = bag;
        Counted c2 = bag;
        System.out.println("sizes " + s1.size() + " " + c1.size() + " " + c1.twice() + " " + s2.size() + " " + c2.size() + " " + c2.twice() + " " + words.isEmpty());
        System.out.println("limits " + s1.full() + " " + c1.limit() + " " + s2.full() + " " + c2.limit());

        BothOps both = x -> x + 1;
        System.out.println("both " + viaOp(both, 1) + " " + viaOp2(both, 2) + " " + both.apply(3));
        IntOp inter = (IntOp & IntOp2) x -> x * 3;
        System.out.println("intersection " + viaOp(inter, 2) + " " + viaOp2((IntOp2) inter, 3));

        Object proxy = Proxy.newProxyInstance(Main.class.getClassLoader(), new Class<?>[] {Sized.class, Counted.class},
                (p, m, a) -> {
                    switch (m.getName()) {
                        case "size": return 7 + (a == null ? 0 : a.length);
                        case "full": return a == null;
                        case "limit": return 9;
                        case "twice": return java.lang.reflect.InvocationHandler.invokeDefault(p, m, a);
                        default: return null;
                    }
                });
        System.out.println("proxy " + ((Sized) proxy).size() + " " + ((Counted) proxy).size() + " " + ((Sized) proxy).full() + " " + ((Counted) proxy).limit() + " " + ((Counted) proxy).twice());

        int[] sum = {0};
        walk(5, v -> sum[0] += v);
        System.out.println("visited " + sum[0]);
        try {
            walk(5, Main::fail);
        } catch (IllegalStateException e) {
            e.printStackTrace(System.out);
        }
        try {
            viaOp(x -> 10 / x, 0);
        } catch (ArithmeticException e) {
            e.printStackTrace(System.out);
        }
        Shape broken = new Shape() {
            public double area() {
                throw new UnsupportedOperationException("no area");
            }

            public String name() {
                return "broken";
            }
        };
        try {
            broken.describe();
        } catch (UnsupportedOperationException e) {
            e.printStackTrace(System.out);
        }
    }
}
