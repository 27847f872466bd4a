import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

// Interface methods reached in unusual ways: an implementation inherited from a superclass that
// does not implement the interface, abstract classes implementing part of an interface,
// default methods overridden by a sub-interface and re-abstracted, diamonds resolved by an
// override, records and enums implementing program interfaces, generic interfaces with bridge
// methods, interface private and static methods, and such objects used as JDK callbacks
// (Comparator, Comparable, Iterable) and through reflection.
public class Main {
    interface Named {
        String name();

        int rank();

        default String label() {
            return name() + "#" + rank();
        }
    }

    interface Weighted {
        int weight();

        int rank();

        default String label() {
            return "w" + weight();
        }
    }

    /** A class that has name() and rank() but does not implement Named. */
    static class Base {
        private final String n;

        Base(String n) {
            this.n = n;
        }

        public String name() {
            return n;
        }

        public int rank() {
            return n.length();
        }
    }

    /** Named's methods come from Base. */
    static final class FromBase extends Base implements Named {
        FromBase(String n) {
            super(n);
        }
    }

    /** Diamond: both interfaces have label(); the class must pick. */
    static final class Both extends Base implements Named, Weighted {
        Both(String n) {
            super(n);
        }

        public int weight() {
            return 7;
        }

        @Override
        public String label() {
            return Named.super.label() + "/" + Weighted.super.label();
        }
    }

    /** An abstract class implementing half of an interface. */
    abstract static class Half implements Named {
        public int rank() {
            return 100 + extra();
        }

        abstract int extra();
    }

    static final class Full extends Half {
        public String name() {
            return "full";
        }

        int extra() {
            return 5;
        }
    }

    interface Loud extends Named {
        @Override
        default String label() {
            return Named.super.label().toUpperCase();
        }
    }

    interface Quiet extends Loud {
        @Override
        String label(); // re-abstracted
    }

    static final class Whisper implements Quiet {
        public String name() {
            return "whisper";
        }

        public int rank() {
            return 1;
        }

        public String label() {
            return "(" + name() + ")";
        }
    }

    static final class Shout implements Loud {
        public String name() {
            return "shout";
        }

        public int rank() {
            return 9;
        }
    }

    record Item(String name, int rank) implements Named, Comparable<Item> {
        public int compareTo(Item o) {
            return Integer.compare(rank, o.rank);
        }
    }

    enum Planet implements Named {
        MERCURY {
            public int rank() {
                return 1;
            }
        },
        EARTH {
            public int rank() {
                return 3;
            }

            @Override
            public String label() {
                return "home";
            }
        };

        // name() is Enum's final name(), a JDK method implementing Named.name().
    }

    interface Transformer<T, R> {
        R apply(T t);

        R fallback();

        static <T> Transformer<T, String> describing(String none) {
            return new Transformer<>() {
                public String apply(T t) {
                    return t == null ? fallback() : "<" + t + ">";
                }

                public String fallback() {
                    return none;
                }
            };
        }

        private String both(T t) {
            return apply(t) + "|" + fallback();
        }

        default String show(T t) {
            return both(t);
        }
    }

    static final class Lengths implements Transformer<String, Integer> {
        public Integer apply(String s) { // bridge apply(Object)Object
            return s.length();
        }

        public Integer fallback() {
            return -1;
        }
    }

    static String all(List<? extends Named> xs) {
        StringBuilder b = new StringBuilder();
        for (Named x : xs) b.append(x.label()).append(' ').append(x.rank()).append(' ');
        return b.toString().trim();
    }

    public static void main(String[] args) throws Exception {
        List<Named> xs = new ArrayList<>();
        xs.add(new FromBase("base"));
        xs.add(new Both("both"));
        xs.add(new Full());
        xs.add(new Whisper());
        xs.add(new Shout());
        xs.add(new Item("item", 4));
        xs.add(Planet.MERCURY);
        xs.add(Planet.EARTH);
        System.out.println(all(xs));

        Weighted w = new Both("diamond");
        System.out.println(w.label() + " " + w.rank() + " " + w.weight());

        // Program objects as JDK callbacks.
        List<Named> sorted = new ArrayList<>(xs);
        sorted.sort(Comparator.comparingInt(Named::rank).thenComparing(Named::label));
        System.out.println(all(sorted));
        TreeMap<Item, String> tm = new TreeMap<>();
        for (int i = 5; i > 0; i--) tm.put(new Item("i" + i, i * 3 % 7), "v" + i);
        System.out.println(tm.keySet());

        Transformer<Object, String> d = Transformer.describing("none");
        System.out.println(d.show("x") + " " + d.show(null));
        Lengths len = new Lengths();
        Transformer<String, Integer> raw = len;
        System.out.println(raw.show("hello") + " " + raw.apply("abc") + " " + len.fallback());

        // Reflection sees the interfaces' original methods only.
        List<String> names = new ArrayList<>();
        for (var m : Named.class.getDeclaredMethods()) names.add(m.getName() + m.getParameterCount());
        names.sort(null);
        System.out.println(names);
        System.out.println(Named.class.getMethod("label").invoke(new Shout()));

        // A long loop through the interface so the profile has samples here.
        long h = 0;
        for (int i = 0; i < 20000; i++) h = h * 31 + xs.get(i % xs.size()).label().length() + xs.get(i % 3).rank();
        System.out.println(h);
    }
}
