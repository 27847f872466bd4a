package cf;

/** Sealed hierarchies: PermittedSubclasses on interfaces and classes, final/non-sealed leaves. */
public sealed interface Sealed permits Sealed.Circle, Sealed.Square, Sealed.Shape {
  record Circle(double r) implements Sealed {}

  final class Square implements Sealed {
    final double side = 2;
  }

  sealed abstract class Shape implements Sealed permits Tri, Poly {}

  final class Tri extends Shape {}

  non-sealed class Poly extends Shape {}

  static double area(Sealed s) {
    if (s instanceof Circle c) return Math.PI * c.r() * c.r();
    if (s instanceof Square sq) return sq.side * sq.side;
    return 0;
  }
}
