import java.util.function.Supplier;

/**
 * Class loads the JVM starts (test/unit/transform-loads.test.ts): each first reference of this
 * class to a JDK class makes the JVM call the application class loader's loadClass, at the
 * instruction that resolves it (an invokestatic, a new, a getstatic, an anewarray, an instanceof,
 * a checkcast, an ldc of a class, an invokedynamic and its lambda's interface, an invokevirtual).
 * In scope all that loader's work is counted, and the exact profile puts each load under main at
 * the instruction's line; so must both sampled engines. Everything is stored as Object, so the
 * verifier needs no class loaded for an assignability check.
 */
public class LoadSites {
    static volatile Object sink;

    public static void main(String[] args) {
        Object rt = Runtime.getRuntime();
        sink = rt;
        sink = new StringBuilder(8);
        Object[] lists = new java.util.ArrayList[2];
        sink = lists;
        if (rt instanceof java.util.RandomAccess) sink = null;
        Object s = "text";
        sink = (CharSequence) s;
        sink = java.util.Locale.class;
        Supplier<Object> sup = () -> "lambda";
        sink = sup;
        Runnable r = () -> sink = "run";
        r.run();
        sink = sup.get();
        Thread t = Thread.currentThread();
        sink = t.getName();
        System.out.println("done");
    }
}
