import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

// Records: generated toString/equals/hashCode/accessors, compact and canonical constructors
// with validation, static factories, nested generic records, records implementing interfaces,
// local records, arrays in records (reference equality), overridden accessors.
public class Main {
    record Point(int x, int y) implements Comparable<Point> {
        static final Point ORIGIN = new Point(0, 0);
        Point {
            if (x < -1000 || y < -1000) throw new IllegalArgumentException("out of range: " + x + "," + y);
        }
        Point(int both) { this(both, both); }
        double dist() { return Math.sqrt((double) x * x + (double) y * y); }
        public int compareTo(Point o) { return x != o.x ? Integer.compare(x, o.x) : Integer.compare(y, o.y); }
    }

    record Named<T>(String name, T value) {
        Named { Objects.requireNonNull(name, "name"); name = name.trim(); }
    }

    record Range(int lo, int hi) {
        Range(int lo, int hi) {
            if (lo > hi) { int t = lo; lo = hi; hi = t; }
            this.lo = lo; this.hi = hi;
        }
        @Override public int lo() { return lo; }
        @Override public String toString() { return "[" + lo + ".." + hi + "]"; }
    }

    record Data(String tag, int[] values, double d, float f, long l, char c, boolean b, byte by, short sh) {}

    public static void main(String[] args) {
        Point p = new Point(3, 4), q = new Point(3, 4), r = new Point(7);
        System.out.println(p + " " + r + " dist " + p.dist());
        System.out.println("equals " + p.equals(q) + " " + p.equals(r) + " hash " + (p.hashCode() == q.hashCode()) + " " + p.hashCode());
        Set<Point> set = new HashSet<>(List.of(p, r, Point.ORIGIN));
        System.out.println("contains " + set.contains(q) + " size " + set.size());
        System.out.println(new TreeSet<>(List.of(r, p, Point.ORIGIN, new Point(3, -2))));
        try {
            new Point(-5000, 1);
        } catch (IllegalArgumentException e) {
            System.out.println("rejected: " + e.getMessage());
        }
        Named<List<Integer>> n = new Named<>("  primes ", List.of(2, 3, 5));
        System.out.println(n + " name=<" + n.name() + ">");
        try {
            new Named<>(null, 1);
        } catch (NullPointerException e) {
            System.out.println("npe: " + e.getMessage());
        }
        System.out.println(new Range(9, 2) + " " + new Range(9, 2).equals(new Range(2, 9)));
        int[] arr = {1, 2};
        Data d1 = new Data("t", arr, -0.0, 1.5f, Long.MIN_VALUE, 'z', true, (byte) -1, (short) 300);
        Data d2 = new Data("t", arr, 0.0, 1.5f, Long.MIN_VALUE, 'z', true, (byte) -1, (short) 300);
        Data d3 = new Data("t", arr.clone(), -0.0, 1.5f, Long.MIN_VALUE, 'z', true, (byte) -1, (short) 300);
        System.out.println("data equals -0.0 vs 0.0: " + d1.equals(d2) + ", cloned array: " + d1.equals(d3) + ", same: " + d1.equals(d1));
        System.out.println("data hash equal to same-array copy: " + (d1.hashCode() == new Data("t", arr, -0.0, 1.5f, Long.MIN_VALUE, 'z', true, (byte) -1, (short) 300).hashCode()));
        record Local(String a, int b) {}
        System.out.println(new Local("loc", 42) + " " + new Local("loc", 42).hashCode());
        System.out.println(Point.class.isRecord() + " components " + Point.class.getRecordComponents().length + " " + Point.class.getRecordComponents()[1].getName());
    }
}
