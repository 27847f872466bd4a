package dispatch;

import harness.Harness;

/** Many small calls: megamorphic interface calls, abstract-class visitors, getters and setters. */
public final class Main {
  interface Shape {
    double area();

    int sides();
  }

  static final class Square implements Shape {
    private final double s;

    Square(double s) {
      this.s = s;
    }

    public double area() {
      return s * s;
    }

    public int sides() {
      return 4;
    }
  }

  static final class Rect implements Shape {
    private final double w, h;

    Rect(double w, double h) {
      this.w = w;
      this.h = h;
    }

    public double area() {
      return w * h;
    }

    public int sides() {
      return 4;
    }
  }

  static final class Tri implements Shape {
    private final double b, h;

    Tri(double b, double h) {
      this.b = b;
      this.h = h;
    }

    public double area() {
      return b * h / 2;
    }

    public int sides() {
      return 3;
    }
  }

  static final class Circle implements Shape {
    private final double r;

    Circle(double r) {
      this.r = r;
    }

    public double area() {
      return 3.0 * r * r;
    }

    public int sides() {
      return 0;
    }
  }

  abstract static class Expr {
    abstract long eval(long x);
  }

  static final class Const extends Expr {
    final long v;

    Const(long v) {
      this.v = v;
    }

    long eval(long x) {
      return v;
    }
  }

  static final class Var extends Expr {
    long eval(long x) {
      return x;
    }
  }

  static final class Add extends Expr {
    final Expr a, b;

    Add(Expr a, Expr b) {
      this.a = a;
      this.b = b;
    }

    long eval(long x) {
      return a.eval(x) + b.eval(x);
    }
  }

  static final class Mul extends Expr {
    final Expr a, b;

    Mul(Expr a, Expr b) {
      this.a = a;
      this.b = b;
    }

    long eval(long x) {
      return (a.eval(x) * b.eval(x)) % 1_000_003;
    }
  }

  static final class Counter {
    private int value;

    int get() {
      return value;
    }

    void set(int v) {
      value = v;
    }

    void increment() {
      set(get() + 1);
    }
  }

  static long shapes(int n) {
    Shape[] shapes = new Shape[256];
    for (int i = 0; i < shapes.length; i++) {
      switch (i % 4) {
        case 0 -> shapes[i] = new Square(i % 5 + 1);
        case 1 -> shapes[i] = new Rect(i % 3 + 1, i % 7 + 1);
        case 2 -> shapes[i] = new Tri(i % 4 + 1, 2);
        default -> shapes[i] = new Circle(i % 6 + 1);
      }
    }
    double area = 0;
    long sides = 0;
    for (int i = 0; i < n; i++) {
      Shape s = shapes[(i * 7) & 255];
      area += s.area();
      sides += s.sides();
    }
    return Double.doubleToLongBits(area) + sides;
  }

  static Expr build(int depth, int k) {
    if (depth == 0) return (k & 1) == 0 ? new Var() : new Const(k % 10 + 1);
    Expr a = build(depth - 1, k * 2 + 1);
    Expr b = build(depth - 1, k * 3 + 2);
    return (depth & 1) == 0 ? new Add(a, b) : new Mul(a, b);
  }

  static long exprs(int n) {
    Expr e = build(8, 1);
    long h = 0;
    for (int x = 0; x < n; x++) h = h * 31 + e.eval(x);
    return h;
  }

  static long counters(int n) {
    Counter[] cs = new Counter[16];
    for (int i = 0; i < cs.length; i++) cs[i] = new Counter();
    for (int i = 0; i < n; i++) cs[i & 15].increment();
    long h = 0;
    for (Counter c : cs) h = h * 31 + c.get();
    return h;
  }

  public static void main(String[] args) {
    Harness.run("dispatch", args, scale -> {
      long h = Harness.mix(0, shapes(Harness.size(scale, 2_000_000, 100)));
      h = Harness.mix(h, exprs(Harness.size(scale, 3_000, 10)));
      return Harness.mix(h, counters(Harness.size(scale, 3_600_000, 100)));
    });
  }
}
