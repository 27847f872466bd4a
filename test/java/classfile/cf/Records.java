package cf;

import java.io.Serializable;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;

/** Records: components with their own attributes (Signature, annotations), compact constructors. */
public class Records {
  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.TYPE_USE})
  public @interface Comp {
    String value() default "";
  }

  public record Point(int x, int y) implements Serializable {
    public Point {
      if (x < 0) throw new IllegalArgumentException("x");
    }

    public double dist() {
      return Math.sqrt((double) x * x + (double) y * y);
    }
  }

  public record Box<T extends Comparable<T>>(@Comp("v") T value, @Comp List<@Comp String> tags, long big, double d) {
    public static <T extends Comparable<T>> Box<T> of(T v) {
      return new Box<>(v, List.of(), 1L << 40, -0.0);
    }
  }

  public record Empty() {}

  public static int sum(Point p) {
    return p.x() + p.y();
  }
}
