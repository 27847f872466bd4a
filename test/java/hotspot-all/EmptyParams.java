import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Methods and constructors without parameters or declared exceptions (issue 15 item 2, corpus
 * reflection-members; branch rm39): HotSpot's reflection gives them all its one empty Class[]
 * (Universe::the_empty_class_array), so Class.getMethods' PublicMethods keys of two such methods
 * compare at `a == a2` in Arrays.equals, and JDK 25's getParameterTypes() returns that array
 * itself (an empty one is not cloned: "same" is true on java 25, false on java 17). The embedded
 * engine made a new array for each, which counted the rest of Arrays.equals.
 */
public class EmptyParams {
  interface Shape {
    double area();

    default String label() {
      return "shape";
    }
  }

  abstract static class Base implements Shape {
    public abstract double area();

    @Override
    public String toString() {
      return "base";
    }
  }

  static final class Square extends Base {
    @Override
    public double area() {
      return 4;
    }

    @Override
    public int hashCode() {
      return 4;
    }

    @Override
    public String label() {
      return "square";
    }
  }

  static final class Circle extends Base implements Comparable<Circle> {
    @Override
    public double area() {
      return 3;
    }

    @Override
    public String toString() {
      return "circle";
    }

    @Override
    public int compareTo(Circle o) {
      return 0;
    }
  }

  static final class Dot extends Base implements Runnable {
    @Override
    public double area() {
      return 0;
    }

    @Override
    public void run() {}

    @Override
    public boolean equals(Object o) {
      return o == this;
    }

    @Override
    public int hashCode() {
      return 0;
    }
  }

  public static void main(String[] args) throws Exception {
    for (Class<?> c : new Class<?>[] {Square.class, Circle.class, Dot.class}) {
      Method[] ms = c.getMethods();
      Arrays.sort(ms, Comparator.comparing(Method::getName).thenComparing(m -> Arrays.toString(m.getParameterTypes())));
      StringBuilder sb = new StringBuilder(c.getSimpleName()).append(' ').append(ms.length);
      for (Method m : ms) sb.append(' ').append(m.getName()).append(m.getParameterCount());
      System.out.println(sb);
    }
    Method a = Circle.class.getMethod("area");
    Method b = Dot.class.getMethod("run");
    System.out.println("same " + (a.getParameterTypes() == b.getParameterTypes()) + " " + (a.getExceptionTypes() == Square.class.getDeclaredConstructor().getExceptionTypes()));
  }
}
