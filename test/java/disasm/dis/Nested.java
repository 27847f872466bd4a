package dis;

import java.util.Iterator;

/** Inner/static nested/anonymous/local classes, enums, records, sealed types, nest mates. */
public class Nested {
    private int secret = 42;

    class Inner {
        int peek() { return secret; }
        class Deeper { int twice() { return secret * 2; } }
    }

    static class StaticNested implements Comparable<StaticNested> {
        public int compareTo(StaticNested o) { return 0; }
    }

    Iterator<String> anon() {
        return new Iterator<String>() {
            int n = 0;
            public boolean hasNext() { return n < secret; }
            public String next() { n++; return "x"; }
        };
    }

    int local() {
        class Local { int v() { return secret + 1; } }
        return new Local().v();
    }

    enum Planet {
        MERCURY(1.0), VENUS(2.0) { @Override double mass() { return 0; } };
        private final double m;
        Planet(double m) { this.m = m; }
        double mass() { return m; }
    }

    record Point(int x, int y, String... labels) {
        Point {
            if (x < 0) throw new IllegalArgumentException();
        }
        static Point origin() { return new Point(0, 0); }
    }

    sealed interface Shape permits Circle, Square {}
    static final class Circle implements Shape {}
    static non-sealed class Square implements Shape {}

    interface WithStatic {
        static int s() { return 1; }
        private int p() { return 2; }
        default int d() { return p() + s(); }
    }

    static abstract class Abs { abstract void f(); protected abstract int g(int[][] x); }
}
