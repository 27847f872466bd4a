package dis;

import java.lang.annotation.*;
import java.util.List;

/** Visible/invisible/parameter/type annotations and annotation defaults. */
@Annotations.Visible(name = "cls", nums = { 1, 2, 3 }, kind = ElementType.TYPE, type = String.class)
@Annotations.Invisible
public class Annotations {
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER })
    @interface Visible {
        String name() default "none";
        int[] nums() default {};
        ElementType kind() default ElementType.FIELD;
        Class<?> type() default void.class;
        Invisible nested() default @Invisible(7);
        long l() default 5L;
        double d() default 1.5;
        float f() default 2.5f;
        char c() default 'c';
        byte b() default 1;
        short s() default 2;
        boolean z() default true;
    }

    @Retention(RetentionPolicy.CLASS)
    @interface Invisible { int value() default 0; }

    @Retention(RetentionPolicy.RUNTIME)
    @Target({ ElementType.TYPE_USE, ElementType.TYPE_PARAMETER })
    @interface TU { String value() default ""; }

    @Visible(name = "field") @Deprecated
    public int field;

    public List<@TU("elem") String> typed;

    @Visible(nested = @Invisible(3), l = 9L, c = 'z', z = false)
    public <@TU T extends @TU("bound") Comparable<T>> int method(@Visible @Invisible int a, @Invisible String b, T t)
        throws @TU("ex") IllegalStateException {
        @TU("local") String s = b;
        try {
            Object o = (@TU("cast") Object) s;
            return o instanceof @TU("inst") String ? a : 0;
        } catch (@TU("catch") RuntimeException e) {
            return new @TU("new") Object().hashCode();
        }
    }
}
