import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

// Compiled with --release 8 (class file version 52): default and static interface methods,
// lambdas through user functional interfaces, method references, streams, and an interface
// default method overridden in a class and called through super.
public class Main {
    interface Shape {
        double area();
        default String describe() { return getClass().getSimpleName() + " area " + String.format("%.2f", area()); }
        static Shape square(double s) { return () -> s * s; }
    }

    static class Circle implements Shape {
        final double r;
        Circle(double r) { this.r = r; }
        public double area() { return Math.PI * r * r; }
        @Override public String describe() { return "round " + Shape.super.describe(); }
    }

    interface Transform { String apply(String s); default Transform then(Transform next) { return s -> next.apply(apply(s)); } }

    public static void main(String[] args) {
        List<Shape> shapes = Arrays.asList(new Circle(1), Shape.square(3), new Circle(0.5));
        for (Shape s : shapes) System.out.println(s.describe().replaceAll("\\$\\$Lambda(\\$[0-9]+)?/0x[0-9a-f]+", "\\$\\$Lambda"));
        System.out.println(shapes.stream().mapToDouble(Shape::area).map(Math::floor).sum());
        Transform t = String::trim;
        Transform chain = t.then(String::toUpperCase).then(s -> s + "!");
        System.out.println(chain.apply("  hello  "));
        Function<Integer, Integer> inc = x -> x + 1;
        System.out.println(Arrays.asList(1, 2, 3).stream().map(inc.andThen(x -> x * 10)).collect(Collectors.toList()));
        try {
            Transform failing = s -> s.substring(10);
            failing.then(String::trim).apply("short");
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("caught " + e.getMessage());
        }
    }
}
