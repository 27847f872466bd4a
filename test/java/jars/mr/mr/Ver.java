package mr;

// The base version of a multi-release jar's class (META-INF/versions/17 overrides it).
public class Ver {
    public static String v() {
        return "base";
    }
}
