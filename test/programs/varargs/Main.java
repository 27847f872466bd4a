import java.util.Arrays;

// Varargs: zero, one, many arguments, explicit arrays, null, primitives vs boxed, overload
// resolution with varargs (fixed arity preferred), generic varargs, varargs constructors.
public class Main {
    static int sum(int... xs) { int s = 0; for (int x : xs) s += x; return s; }
    static String kind(Object o) { return "object"; }
    static String kind(Object... os) { return "varargs(" + (os == null ? "null" : os.length) + ")"; }
    static String kind(int a, int b) { return "two ints"; }
    static String longs(long... ls) { return "longs " + ls.length; }
    static String join(String sep, Object... parts) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < parts.length; i++) { if (i > 0) sb.append(sep); sb.append(parts[i]); }
        return sb.toString();
    }
    @SafeVarargs static <T> T firstNonNull(T... xs) { for (T x : xs) if (x != null) return x; return null; }
    static String types(Object... os) {
        StringBuilder sb = new StringBuilder();
        for (Object o : os) sb.append(o == null ? "null" : o.getClass().getSimpleName()).append(' ');
        return sb.toString().trim();
    }

    static class Message {
        final String text;
        Message(String fmt, Object... args) { text = String.format(fmt, args); }
    }

    public static void main(String[] args) {
        System.out.println(sum() + " " + sum(5) + " " + sum(1, 2, 3, 4) + " " + sum(new int[] {10, 20}));
        System.out.println(kind("x") + " | " + kind(1, 2) + " | " + kind(1, 2, 3) + " | " + kind("a", "b") + " | " + kind() + " | " + kind((Object[]) null) + " | " + kind((Object) null) + " | " + longs(1, 2L, 'c'));
        System.out.println(join(", ", 1, 'c', 2.5, "s", null, true));
        System.out.println(join("-", (Object[]) new String[] {"x", "y", "z"}));
        System.out.println(join("+", (Object) new String[] {"x", "y"}).startsWith("[Ljava.lang.String;"));
        System.out.println(firstNonNull(null, null, "third", "fourth") + " " + firstNonNull());
        System.out.println(types(1, 1L, 1.0f, 'c', (byte) 1, (short) 1, "s", new int[0], null));
        System.out.println(new Message("%s has %d items costing %.2f", "cart", 3, 9.5).text);
        System.out.println(Arrays.asList(1, 2, 3) + " " + String.join("/", "a", "b", "c"));
    }
}
