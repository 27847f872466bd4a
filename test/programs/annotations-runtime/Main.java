import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.Comparator;

// Runtime annotations: on classes (inherited), methods, fields, parameters and type uses;
// default values, arrays, enums, nested annotations, repeatable annotations; CLASS retention
// invisible; a tiny annotation-driven test runner that finds @Check methods (sorted by name)
// and invokes them reflectively, and a validator reading field annotations.
public class Main {
    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.METHOD)
    @interface Check { String value() default ""; int times() default 1; boolean expectFailure() default false; }

    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.FIELD)
    @interface Range { int min(); int max(); }

    @Retention(RetentionPolicy.RUNTIME) @Inherited @Target(ElementType.TYPE)
    @interface Component { String name(); Level level() default Level.LOW; String[] tags() default {}; }

    enum Level { LOW, HIGH }

    @Retention(RetentionPolicy.RUNTIME) @Repeatable(Notes.class)
    @interface Note { String value(); }
    @Retention(RetentionPolicy.RUNTIME)
    @interface Notes { Note[] value(); }

    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.PARAMETER)
    @interface Named { String value(); }

    @Retention(RetentionPolicy.CLASS)
    @interface Invisible {}

    @Component(name = "engine", level = Level.HIGH, tags = {"core", "fast"})
    @Note("first") @Note("second")
    static class Engine {
        @Range(min = 0, max = 100) int power = 50;
        @Range(min = 1, max = 8) int cylinders = 12;
        @Invisible String label = "v";

        @Check("addition") void add() { if (1 + 1 != 2) throw new AssertionError(); }
        @Check(value = "loop", times = 3) void loop() { counter++; }
        @Check(expectFailure = true) void fails() { throw new IllegalStateException("expected"); }
        @Check void unexpected() { throw new IllegalStateException("unexpected failure"); }
        @Deprecated void old() {}
        void configure(@Named("size") int size, @Named("mode") String mode, boolean plain) {}
        static int counter;
    }

    static class Turbo extends Engine {}

    public static void main(String[] args) throws Exception {
        Component comp = Engine.class.getAnnotation(Component.class);
        System.out.println(comp.name() + " " + comp.level() + " " + Arrays.toString(comp.tags()) + " annotationType " + comp.annotationType().getSimpleName());
        System.out.println("inherited by Turbo: " + Turbo.class.getAnnotation(Component.class).name() + " declared on Turbo: " + Turbo.class.getDeclaredAnnotation(Component.class));
        System.out.println("notes " + Arrays.toString(Arrays.stream(Engine.class.getAnnotationsByType(Note.class)).map(Note::value).toArray()) + " container " + (Engine.class.getAnnotation(Notes.class) != null));
        Method[] methods = Engine.class.getDeclaredMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName));
        Engine e = new Engine();
        int passed = 0, failed = 0;
        for (Method m : methods) {
            Check check = m.getAnnotation(Check.class);
            if (check == null) continue;
            for (int i = 0; i < check.times(); i++) {
                try {
                    m.invoke(e);
                    if (check.expectFailure()) { failed++; System.out.println("FAIL " + m.getName() + ": no exception"); } else passed++;
                } catch (java.lang.reflect.InvocationTargetException ex) {
                    if (check.expectFailure()) passed++;
                    else { failed++; System.out.println("FAIL " + m.getName() + " [" + check.value() + "]: " + ex.getCause().getMessage()); }
                }
            }
        }
        System.out.println("passed " + passed + " failed " + failed + " counter " + Engine.counter);
        System.out.println("deprecated: " + Engine.class.getDeclaredMethod("old").isAnnotationPresent(Deprecated.class));
        Field[] fields = Engine.class.getDeclaredFields();
        Arrays.sort(fields, Comparator.comparing(Field::getName));
        for (Field f : fields) {
            Range r = f.getAnnotation(Range.class);
            if (r != null) {
                int v = f.getInt(e);
                System.out.println(f.getName() + "=" + v + (v >= r.min() && v <= r.max() ? " ok" : " out of range [" + r.min() + ", " + r.max() + "]"));
            } else {
                System.out.println(f.getName() + " annotations " + f.getAnnotations().length);
            }
        }
        Method configure = Engine.class.getDeclaredMethod("configure", int.class, String.class, boolean.class);
        for (Parameter p : configure.getParameters()) {
            Named n = p.getAnnotation(Named.class);
            System.out.println("param " + p.getType() + " named " + (n == null ? "-" : n.value()));
        }
        System.out.println(comp.equals(Engine.class.getAnnotation(Component.class)) + " " + (comp.hashCode() == Engine.class.getAnnotation(Component.class).hashCode()) + " " + (comp.toString().contains("name=\"engine\"") || comp.toString().contains("name=engine")));
    }
}
