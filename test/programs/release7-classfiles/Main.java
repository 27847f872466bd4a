import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

// Compiled with --release 7 (class file version 51: stack map frames, but no lambdas, no
// default or static interface methods): anonymous classes instead of lambdas, interfaces that
// are purely abstract (called through invokeinterface on user and JDK implementations), string
// switch, try-with-resources, multi-catch and diamond, all in the Java 7 language.
public class Main {
    interface Visitor<R> {
        R number(int n);
        R add(Node l, Node r);
    }

    static abstract class Node {
        abstract <R> R accept(Visitor<R> v);
    }

    static Node num(final int n) {
        return new Node() { <R> R accept(Visitor<R> v) { return v.number(n); } };
    }

    static Node add(final Node l, final Node r) {
        return new Node() { <R> R accept(Visitor<R> v) { return v.add(l, r); } };
    }

    static final class Res implements AutoCloseable {
        final String name;
        Res(String name) { this.name = name; System.out.println("open " + name); }
        public void close() { System.out.println("close " + name); }
    }

    static String kind(String s) {
        switch (s) {
            case "a": return "first";
            case "b": return "second";
            default: return "other";
        }
    }

    public static void main(String[] args) {
        Node tree = add(num(1), add(num(2), num(3)));
        int value = tree.accept(new Visitor<Integer>() {
            public Integer number(int n) { return n; }
            public Integer add(Node l, Node r) { return l.accept(this) + r.accept(this); }
        });
        String shown = tree.accept(new Visitor<String>() {
            public String number(int n) { return String.valueOf(n); }
            public String add(Node l, Node r) { return "(" + l.accept(this) + " + " + r.accept(this) + ")"; }
        });
        System.out.println(shown + " = " + value);
        List<String> words = new ArrayList<>();
        Collections.addAll(words, "pear", "fig", "banana", "kiwi");
        Collections.sort(words, new Comparator<String>() {
            public int compare(String x, String y) { return x.length() != y.length() ? x.length() - y.length() : x.compareTo(y); }
        });
        System.out.println(words);
        try (Res r1 = new Res("one"); Res r2 = new Res("two")) {
            System.out.println("using " + r1.name + " and " + r2.name);
            Integer.parseInt("x");
        } catch (NumberFormatException | IllegalStateException e) {
            System.out.println("caught " + e.getMessage());
        }
        System.out.println(kind("a") + " " + kind("b") + " " + kind("zzz"));
        Runnable r = new Runnable() { public void run() { System.out.println("runnable in a thread"); } };
        Thread t = new Thread(r);
        t.start();
        try { t.join(); } catch (InterruptedException e) { throw new RuntimeException(e); }
        try {
            Object o = tree;
            System.out.println(((Comparable<?>) o).toString());
        } catch (ClassCastException e) {
            e.printStackTrace(System.out);
        }
    }
}
