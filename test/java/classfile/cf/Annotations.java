package cf;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Every element-value kind, visible and invisible, on classes, members and parameters. */
public class Annotations {
  public enum Color { RED, GREEN }

  @Retention(RetentionPolicy.RUNTIME)
  public @interface Inner {
    String value() default "inner";
  }

  /** Every element type, each with a default (AnnotationDefault). */
  @Retention(RetentionPolicy.RUNTIME)
  public @interface All {
    byte b() default 1;
    char c() default 'c';
    double d() default 1.5;
    float f() default 2.5f;
    int i() default 3;
    long j() default 4L;
    short s() default 5;
    boolean z() default true;
    String str() default "s";
    Color e() default Color.RED;
    Class<?> cls() default Object.class;
    Inner ann() default @Inner;
    int[] arr() default {1, 2};
    Class<?> prim() default int.class;
    Class<?> voidCls() default void.class;
  }

  /** CLASS retention: RuntimeInvisible*Annotations. */
  public @interface Invisible {
    String[] value() default {};
  }

  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.PARAMETER)
  public @interface P {
    int value();
  }

  @All(b = -1, c = '\u00e9', d = Double.NaN, f = Float.NEGATIVE_INFINITY, i = Integer.MIN_VALUE, j = Long.MAX_VALUE,
      s = Short.MIN_VALUE, z = false, str = "h\u00e9llo \0 \ud83d\ude00", e = Color.GREEN, cls = String[].class,
      ann = @Inner("nested"), arr = {}, prim = long.class)
  @Invisible({"a", "b"})
  public int field;

  @Invisible
  @Deprecated(since = "1", forRemoval = true)
  @All(arr = {Integer.MAX_VALUE, 0, -1})
  public Annotations() {}

  /** @deprecated old */
  @Deprecated
  public void m(@P(1) int a, @Invisible("x") @P(2) String b, long c, @P(3) double... d) {}

  public void noAnnotatedParams(int a, int b) {}

  @SuppressWarnings("unused")
  private static final Object LOCK = new Object();
}
