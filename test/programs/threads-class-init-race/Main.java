import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;

// One thread initialises a class with a long static initialiser while another asks for the same
// class through a native that initialises (JVMS 5.5 step 2: it must wait, then see the class
// initialised): Class.forName, Lookup.ensureInitialized (Unsafe.ensureClassInitialized),
// Constructor.newInstance and a static Method.invoke. Each class's initialiser raises a flag
// first, so the asking thread asks while the initialiser runs (on the embedded engine the
// initialiser spans several time slices).
public class Main {
    static volatile int started;

    static long slowSum(int tag) {
        started = tag;
        long s = 0;
        for (int i = 0; i < 300_000; i++) s += i % 7;
        return s + tag;
    }

    static class ByForName { static final long V = slowSum(1); }
    static class ByLookup { static final long V = slowSum(2); }
    static class ByConstructor {
        static final long V = slowSum(3);
        public ByConstructor() {}
        long v() { return V; }
    }
    static class ByMethod {
        static final long V = slowSum(4);
        public static long v() { return V; }
    }

    interface Asker { long ask() throws Exception; }

    static void race(String what, int tag, Runnable initialiser, Asker asker) throws Exception {
        long[] seen = new long[1];
        Thread t = new Thread(() -> { initialiser.run(); });
        t.start();
        while (started != tag) Thread.onSpinWait();
        seen[0] = asker.ask();
        t.join();
        System.out.println(what + ": " + seen[0]);
    }

    public static void main(String[] args) throws Exception {
        race("Class.forName", 1, () -> System.out.println("initialiser 1: " + ByForName.V),
            () -> { Class<?> c = Class.forName("Main$ByForName"); return c.getDeclaredField("V").getLong(null); });
        race("Lookup.ensureInitialized", 2, () -> System.out.println("initialiser 2: " + ByLookup.V),
            () -> { MethodHandles.lookup().ensureInitialized(ByLookup.class); return ByLookup.V; });
        race("Constructor.newInstance", 3, () -> System.out.println("initialiser 3: " + ByConstructor.V),
            () -> ByConstructor.class.getDeclaredConstructor().newInstance().v());
        Method m = ByMethod.class.getDeclaredMethod("v");
        race("Method.invoke", 4, () -> System.out.println("initialiser 4: " + ByMethod.V),
            () -> (Long) m.invoke(null));
    }
}
