import java.util.List;

// Sealed interfaces and classes (permits, final, non-sealed), instanceof pattern matching with
// && conditions and negation, exhaustive-by-construction dispatch, getPermittedSubclasses.
public class Main {
    sealed interface Shape permits Circle, Rect, Poly {}
    record Circle(double r) implements Shape {}
    record Rect(double w, double h) implements Shape {}
    static non-sealed class Poly implements Shape {
        final int sides;
        Poly(int sides) { this.sides = sides; }
    }
    static final class Triangle extends Poly { Triangle() { super(3); } }

    sealed static abstract class Expr permits Num, Add, Mul, Neg {}
    static final class Num extends Expr { final int v; Num(int v) { this.v = v; } }
    static final class Add extends Expr { final Expr l, r; Add(Expr l, Expr r) { this.l = l; this.r = r; } }
    static final class Mul extends Expr { final Expr l, r; Mul(Expr l, Expr r) { this.l = l; this.r = r; } }
    static final class Neg extends Expr { final Expr e; Neg(Expr e) { this.e = e; } }

    static int eval(Expr e) {
        if (e instanceof Num n) return n.v;
        if (e instanceof Add a) return eval(a.l) + eval(a.r);
        if (e instanceof Mul m && m.l instanceof Num z && z.v == 0) return 0;
        if (e instanceof Mul m) return eval(m.l) * eval(m.r);
        if (!(e instanceof Neg n)) throw new AssertionError();
        return -eval(n.e);
    }

    static String show(Expr e) {
        if (e instanceof Num n) return Integer.toString(n.v);
        if (e instanceof Add a) return "(" + show(a.l) + " + " + show(a.r) + ")";
        if (e instanceof Mul m) return show(m.l) + " * " + show(m.r);
        return "-" + show(((Neg) e).e);
    }

    static String describe(Shape s) {
        if (s instanceof Circle c && c.r() > 10) return "big circle";
        else if (s instanceof Circle c) return "circle area " + String.format("%.3f", Math.PI * c.r() * c.r());
        else if (s instanceof Rect r) return "rect " + (r.w() * r.h());
        else if (s instanceof Triangle) return "triangle";
        else if (s instanceof Poly p) return p.sides + "-gon";
        return "unknown";
    }

    public static void main(String[] args) {
        List<Shape> shapes = List.of(new Circle(1), new Circle(11), new Rect(2, 3), new Poly(6), new Triangle());
        for (Shape s : shapes) System.out.println(describe(s));
        Expr e = new Add(new Num(2), new Mul(new Num(3), new Neg(new Add(new Num(4), new Num(1)))));
        System.out.println(show(e) + " = " + eval(e));
        System.out.println(eval(new Mul(new Num(0), new Num(99))));
        for (Class<?> c : Shape.class.getPermittedSubclasses()) System.out.println("permits " + c.getSimpleName());
        System.out.println("sealed " + Shape.class.isSealed() + " " + Poly.class.isSealed() + " " + Expr.class.isSealed());
        Object o = "a string";
        if (o instanceof String str && str.length() > 3) System.out.println("long string " + str.toUpperCase());
        Object[] things = {42, 4.5, 'c', "s", null, List.of(1), new int[] {1, 2}};
        for (Object t : things) {
            String k;
            if (t instanceof Integer i) k = "int " + (i + 1);
            else if (t instanceof Double dd) k = "double " + dd / 2;
            else if (t instanceof Character ch) k = "char " + (char) (ch + 1);
            else if (t instanceof CharSequence cs) k = "chars " + cs.length();
            else if (t instanceof List<?> l) k = "list " + l.size();
            else if (t instanceof int[] ia) k = "ints " + ia.length;
            else k = "other " + t;
            System.out.println(k);
        }
    }
}
