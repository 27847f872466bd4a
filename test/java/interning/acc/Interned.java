package acc;

/**
 * The instrumentation interns no string the program might (test/unit/accuracy-interning.test.ts):
 * before, a transformed class's {@code <clinit>} created its MIDs from string constants, its
 * internal name, method names and source file, and loading a constant interns it, so the
 * program's own {@code intern()} of an equal string returned the runtime's object. In scope all
 * that made the JDK's maps compare a package name by {@code equals} where java compares it by
 * identity ({@code dispatch}, a method of jdk.internal.misc.Signal and a bench package).
 */
public class Interned {
    static int cubeOfSeven(int x) {
        return x * x * x * 7;
    }

    /** True if {@code s} is the canonical instance of its value, i.e. no one interned it before. */
    static boolean first(String s) {
        return s.intern() == s;
    }

    public static void main(String[] args) {
        // Built at run time, so neither is a constant of this class.
        String method = new StringBuilder("cubeOf").append("Seven").toString();
        String clazz = new StringBuilder("acc/Inter").append("ned").toString();
        String source = new StringBuilder("Interned").append(".java").toString();
        String jdkMethod = new StringBuilder("dispat").append("ch").toString();
        System.out.println(cubeOfSeven(2) + " method " + first(method) + " class " + first(clazz)
            + " source " + first(source) + " jdk " + first(jdkMethod));
    }
}
