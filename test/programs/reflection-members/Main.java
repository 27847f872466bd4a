import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;

// Reflection over members as a typical program does it: Class.forName, declared methods,
// fields and constructors (sorted by name for a stable order), modifiers, generic type names,
// superclass/interfaces, nested classes, isSynthetic/isBridge counts, and getMethods of a
// small class. Profiling adds members to classes: this program shows what a user would see.
public class Main {
    public interface Shape { double area(); default String label() { return "shape"; } }

    public static abstract class Base implements Shape {
        protected String name = "base";
        public abstract double area();
        protected void hook() {}
    }

    public static final class Circle extends Base implements Comparable<Circle> {
        public static final double TAU = 2 * Math.PI;
        private final double r;
        transient int cached;
        volatile long version;
        public Circle(double r) { this.r = r; }
        Circle() { this(1); }
        @Override public double area() { return Math.PI * r * r; }
        public double radius() { return r; }
        static Circle unit() { return new Circle(); }
        private synchronized void touch() { version++; }
        @Override public int compareTo(Circle o) { return Double.compare(r, o.r); }
        public <T extends Number> T scaled(T factor) { return factor; }
        native void nativeMethod();
        @Override public String toString() { return "Circle(" + r + ")"; }
    }

    static String describe(Method m) {
        return Modifier.toString(m.getModifiers()) + " " + m.getReturnType().getSimpleName() + " " + m.getName()
            + Arrays.toString(Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName).toArray()) + (m.isSynthetic() ? " synthetic" : "") + (m.isBridge() ? " bridge" : "")
            + (m.isDefault() ? " default" : "");
    }

    public static void main(String[] args) throws Exception {
        Class<?> c = Class.forName("Main$Circle");
        System.out.println(c.getName() + " simple " + c.getSimpleName() + " super " + c.getSuperclass().getSimpleName() + " interfaces " + Arrays.toString(Arrays.stream(c.getInterfaces()).map(Class::getSimpleName).toArray())
            + " modifiers " + Modifier.toString(c.getModifiers()) + " enclosing " + c.getEnclosingClass().getName());
        Method[] methods = c.getDeclaredMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName).thenComparing(m -> Arrays.toString(m.getParameterTypes())));
        System.out.println("declared methods: " + methods.length);
        for (Method m : methods) System.out.println("  " + describe(m));
        Field[] fields = c.getDeclaredFields();
        Arrays.sort(fields, Comparator.comparing(Field::getName));
        System.out.println("declared fields: " + fields.length);
        for (Field f : fields) System.out.println("  " + Modifier.toString(f.getModifiers()) + " " + f.getType().getSimpleName() + " " + f.getName() + (f.isSynthetic() ? " synthetic" : ""));
        Constructor<?>[] ctors = c.getDeclaredConstructors();
        Arrays.sort(ctors, Comparator.comparing(k -> k.getParameterCount()));
        for (Constructor<?> k : ctors) System.out.println("  ctor " + Modifier.toString(k.getModifiers()) + " " + k.getParameterCount() + " params");
        Method[] publicMethods = Shape.class.getMethods();
        Arrays.sort(publicMethods, Comparator.comparing(Method::getName));
        System.out.println("Shape public methods: " + Arrays.toString(Arrays.stream(publicMethods).map(Method::getName).toArray()));
        Method scaled = c.getMethod("scaled", Number.class);
        System.out.println("generic " + scaled.toGenericString());
        System.out.println("Base declared: " + Arrays.stream(Base.class.getDeclaredMethods()).map(Method::getName).sorted().toList() + " fields " + Arrays.stream(Base.class.getDeclaredFields()).map(Field::getName).sorted().toList());
        System.out.println("Main declared classes: " + Arrays.stream(Main.class.getDeclaredClasses()).map(Class::getSimpleName).sorted().toList());
        long synthetic = Arrays.stream(Main.class.getDeclaredMethods()).filter(Method::isSynthetic).count();
        System.out.println("Main synthetic methods " + synthetic + " total " + Main.class.getDeclaredMethods().length + " fields " + Main.class.getDeclaredFields().length);
        System.out.println("public methods of Circle: " + c.getMethods().length);
    }
}
