// checkcast and instanceof on classes, interfaces and arrays, with JDK 17's ClassCastException
// messages.
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;

public class CastsChecks {
    interface Shape {}
    interface Round extends Shape {}
    static class Circle implements Round, Serializable {}
    static class Square implements Shape {}
    static final class Final {}

    interface Check { void run() throws Throwable; }
    static void t(String what, Check c) {
        try { c.run(); System.out.println(what + ": ok"); }
        catch (Throwable e) { System.out.println(what + ": " + e.toString().replaceAll("\\$\\$Lambda\\$[0-9]+/0x[0-9a-f]+", "\\$\\$Lambda")); }
    }

    public static void main(String[] args) {
        Object circle = new Circle();
        Object square = new Square();
        Object ints = new int[2];
        Object strs = new String[] {"a"};
        Object grid = new int[2][2];
        Object objs = new Object[1];
        Object list = new ArrayList<String>();
        Object[] checks = {circle, square, ints, strs, grid, objs, list, "s", 1, null};
        Class<?>[] types = {Object.class, Shape.class, Round.class, Circle.class, Serializable.class, Cloneable.class, Object[].class, String[].class, CharSequence[].class, int[].class, Object[][].class, int[][].class, List.class, RandomAccess.class, Comparable.class, Number.class};
        for (Object o : checks) {
            StringBuilder sb = new StringBuilder(o == null ? "null" : o.getClass().getName()).append(':');
            for (Class<?> k : types) sb.append(' ').append(k.isInstance(o) ? 1 : 0);
            sb.append(" | ").append(o instanceof Shape).append(o instanceof Round).append(o instanceof Serializable).append(o instanceof Cloneable).append(o instanceof Object[]).append(o instanceof Serializable[]).append(o instanceof Comparable<?>[]).append(o instanceof int[]);
            System.out.println(sb);
        }
        t("Circle to Square", () -> System.out.println((Square) circle));
        t("Square to Round", () -> System.out.println((Round) square));
        t("int[] to Object[]", () -> System.out.println((Object[]) ints));
        t("String[] to Integer[]", () -> System.out.println((Integer[]) strs));
        t("int[][] to Object[]", () -> System.out.println(((Object[]) grid).length));
        t("int[][] to long[][]", () -> System.out.println((long[][]) grid));
        t("String to Integer", () -> System.out.println((Integer) (Object) "s"));
        t("Integer to String", () -> System.out.println((String) (Object) 1));
        t("list to Final", () -> System.out.println((Final) list));
        t("String[] to Serializable[]", () -> System.out.println(((Serializable[]) strs).length));
        t("String[] to Comparable[]", () -> System.out.println(((Comparable<?>[]) strs).length));
        t("Object[] to String[]", () -> System.out.println(((String[]) objs).length));
        t("null to anything", () -> System.out.println((Square) (Object) null));
        t("Class.cast", () -> System.out.println(String.class.cast(1)));
        t("array to Cloneable", () -> System.out.println(((Cloneable) ints) != null));
        t("lambda to Runnable", () -> { Object r = (Runnable) () -> {}; System.out.println(r instanceof Runnable); System.out.println((Comparable<?>) r); });
        t("anonymous", () -> { Object a = new Shape() {}; System.out.println((Round) a); });
        t("isAssignableFrom", () -> System.out.println(Object[].class.isAssignableFrom(String[][].class) + " " + Serializable.class.isAssignableFrom(int[].class) + " " + int.class.isAssignableFrom(Integer.class) + " " + Number.class.isAssignableFrom(Integer.class)));
    }
}
