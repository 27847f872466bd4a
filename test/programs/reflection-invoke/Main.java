import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

// Reflective invocation: Method.invoke on static, instance, private (setAccessible),
// overloaded and varargs methods; exceptions wrapped in InvocationTargetException (with the
// original stack trace printed); Constructor.newInstance; Field get/set (private, static,
// final via reflection failure); Class.forName of a missing class; invoking through an
// interface method on a lambda; Class.getDeclaredConstructor().newInstance().
public class Main {
    public static class Calculator {
        private int memory;
        public static int instances;
        public Calculator() { instances++; }
        public Calculator(int start) { this(); memory = start; }
        public int add(int a, int b) { return a + b; }
        public long add(long a, long b) { return a + b + 1_000_000_000_000L; }
        public int store(int v) { memory += v; return memory; }
        private String secret(String prefix) { return prefix + memory; }
        public static String join(String sep, String... parts) { return String.join(sep, parts); }
        public int divide(int a, int b) { return a / b; }
        @Override public String toString() { return "Calculator[" + memory + "]"; }
    }

    public static void main(String[] args) throws Exception {
        Class<?> cls = Class.forName("Main$Calculator");
        Object calc = cls.getDeclaredConstructor().newInstance();
        Method addInt = cls.getMethod("add", int.class, int.class), addLong = cls.getMethod("add", long.class, long.class);
        System.out.println(addInt.invoke(calc, 2, 3) + " " + addLong.invoke(calc, 2L, 3L));
        Method store = cls.getMethod("store", int.class);
        for (int i = 1; i <= 4; i++) store.invoke(calc, i * 10);
        System.out.println(calc);
        Method secret = cls.getDeclaredMethod("secret", String.class);
        try {
            secret.invoke(calc, "x");
            System.out.println("private invoke allowed without setAccessible (nestmate)");
        } catch (IllegalAccessException e) {
            System.out.println("illegal access: " + e.getMessage());
        }
        secret.setAccessible(true);
        System.out.println(secret.invoke(calc, "memory="));
        Method join = cls.getMethod("join", String.class, String[].class);
        System.out.println(join.invoke(null, "-", new String[] {"a", "b", "c"}) + " varargs " + join.isVarArgs());
        Method divide = cls.getMethod("divide", int.class, int.class);
        try {
            divide.invoke(calc, 1, 0);
        } catch (InvocationTargetException e) {
            System.out.println("target threw " + e.getCause());
            e.getCause().printStackTrace(System.out);
        }
        try {
            addInt.invoke(calc, "wrong", 1);
        } catch (IllegalArgumentException e) {
            System.out.println("bad argument: " + e.getMessage());
        }
        try {
            addInt.invoke(null, 1, 2);
        } catch (NullPointerException e) {
            System.out.println("null receiver NPE");
        }
        Constructor<?> ctor = cls.getConstructor(int.class);
        Object c2 = ctor.newInstance(500);
        System.out.println(c2 + " instances " + cls.getField("instances").get(null));
        Field memory = cls.getDeclaredField("memory");
        memory.setAccessible(true);
        memory.setInt(c2, memory.getInt(c2) * 2);
        System.out.println("memory now " + memory.get(c2) + " type " + memory.getType());
        Field instances = cls.getField("instances");
        instances.set(null, 100);
        System.out.println("static set " + Calculator.instances);
        try {
            Class.forName("com.example.DoesNotExist");
        } catch (ClassNotFoundException e) {
            System.out.println("CNFE " + e.getMessage());
        }
        try {
            cls.getMethod("nope");
        } catch (NoSuchMethodException e) {
            System.out.println("NSME " + e.getMessage());
        }
        Runnable r = () -> System.out.println("lambda run reflectively");
        Runnable.class.getMethod("run").invoke(r);
        List<String> list = new ArrayList<>();
        List.class.getMethod("add", Object.class).invoke(list, "reflected");
        System.out.println(list + " size via reflection " + list.getClass().getMethod("size").invoke(list));
        Method toStr = Object.class.getMethod("toString");
        System.out.println("virtual dispatch through Object.toString: " + toStr.invoke(c2));
        Object arr = java.lang.reflect.Array.newInstance(int.class, 3);
        java.lang.reflect.Array.setInt(arr, 1, 42);
        System.out.println(java.util.Arrays.toString((int[]) arr));
    }
}
