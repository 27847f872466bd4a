import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

// Inner (non-static) classes, static nested classes, anonymous classes, local classes,
// captured variables, Outer.this, nested inner-of-inner, and private access between nestmates.
public class Main {
    private int counter = 100;
    private static int created;

    class Inner {
        final int id;
        Inner() { id = ++counter; created++; }
        class Deeper {
            String where() { return "deeper in " + id + " of outer " + Main.this.counter; }
        }
    }

    static class StaticNested {
        private final String tag;
        StaticNested(String tag) { this.tag = tag; }
        private String secret() { return "secret-" + tag; }
    }

    interface Greeter { String greet(String who); }

    Greeter anonymous(final String prefix) {
        return new Greeter() {
            int calls;
            @Override public String greet(String who) { calls++; return prefix + ", " + who + " (#" + calls + ", counter " + counter + ")"; }
        };
    }

    Iterable<Integer> range(int from, int to) {
        class RangeIterator implements Iterator<Integer> {
            int next = from;
            public boolean hasNext() { return next < to; }
            public Integer next() { return next++; }
        }
        return RangeIterator::new;
    }

    static abstract class Animal {
        abstract String sound();
        String describe() { return getClass().getSimpleName() + " says " + sound(); }
    }

    public static void main(String[] args) {
        Main outer = new Main();
        Main.Inner a = outer.new Inner();
        Main.Inner b = outer.new Inner();
        System.out.println("inner ids " + a.id + " " + b.id + " created " + created);
        Main.Inner.Deeper d = b.new Deeper();
        System.out.println(d.where());
        StaticNested sn = new StaticNested("x");
        System.out.println(sn.secret());
        Greeter g = outer.anonymous("Hi");
        System.out.println(g.greet("Ann"));
        System.out.println(g.greet("Bob"));
        int total = 0;
        for (int i : outer.range(3, 8)) total += i;
        System.out.println("range sum " + total);
        Animal cat = new Animal() { String sound() { return "meow"; } };
        System.out.println(cat.describe().isEmpty() ? "?" : "anonymous says " + cat.sound());
        class Dog extends Animal { String sound() { return "woof"; } }
        System.out.println(new Dog().describe());
        List<Runnable> tasks = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            final int k = i;
            tasks.add(new Runnable() { public void run() { System.out.println("task " + k + " counter " + outer.counter); } });
        }
        for (Runnable r : tasks) r.run();
        System.out.println(Main.Inner.class.getName() + " " + Dog.class.getName() + " " + cat.getClass().getName());
        System.out.println("enclosing " + Dog.class.getEnclosingMethod().getName() + " nest host " + StaticNested.class.getNestHost().getName());
    }
}
