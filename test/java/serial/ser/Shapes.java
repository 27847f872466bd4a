package ser;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** Serializable classes of several shapes, for the default serialVersionUID test. */
public class Shapes implements Serializable, Comparable<Shapes> {
    static final List<String> NAMES = new ArrayList<>();
    private static int counter;
    protected transient int cache;
    public String name;
    private final double[] data = new double[3];
    volatile long stamp;

    public Shapes() {}
    Shapes(String n) { name = n; }
    private Shapes(int x) { counter = x; }

    public int compareTo(Shapes o) { return name.compareTo(o.name); }
    protected synchronized void touch() { stamp++; }
    static native void nothing();
    private void hidden() {}
    public Runnable task() { return () -> counter++; }

    public static class Nested extends Shapes {
        int extra;
        public final strictfp double f() { return 1.0; }
    }

    abstract static class Base implements Serializable {
        abstract void run();
    }

    final class Inner extends Base {
        void run() { cache++; }
    }
}
