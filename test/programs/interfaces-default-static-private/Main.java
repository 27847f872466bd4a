// Interfaces with default, static and private methods; diamond resolution with X.super.m();
// static interface constants initialised with code.
public class Main {
    interface Named {
        String name();
        default String greeting() { return decorate("Hello, " + name()); }
        private String decorate(String s) { return "[" + s + "]"; }
        static Named of(String n) { return () -> n; }
    }

    interface Loud {
        default String greeting() { return "HEY"; }
        static String shout(String s) { return s.toUpperCase() + "!"; }
    }

    static class Person implements Named, Loud {
        private final String n;
        Person(String n) { this.n = n; }
        public String name() { return n; }
        @Override public String greeting() { return Named.super.greeting() + " / " + Loud.super.greeting(); }
    }

    interface Counter {
        int[] STATE = init();
        private static int[] init() { System.out.println("Counter constants initialised"); return new int[] {10}; }
        default int next() { return ++STATE[0]; }
    }

    static class C implements Counter {}

    interface Base { default String who() { return "Base"; } }
    interface Left extends Base { default String who() { return "Left>" + Base.super.who(); } }
    interface Right extends Base {}
    static class Diamond implements Left, Right {}

    public static void main(String[] args) {
        Named anon = Named.of("Zed");
        System.out.println(anon.greeting());
        Person p = new Person("Ann");
        System.out.println(p.greeting());
        System.out.println(Loud.shout("quiet"));
        System.out.println("before counter");
        C c = new C();
        System.out.println("created C");
        System.out.println(c.next() + " " + c.next());
        System.out.println(new Diamond().who());
        Named viaRef = p::name;
        System.out.println(viaRef.greeting());
    }
}
