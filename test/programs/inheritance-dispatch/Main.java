// Inheritance and dispatch: virtual calls through several levels, super.m() chains, field
// hiding (fields are not virtual), static method hiding, private methods not overridden,
// package-private overriding, final methods, calls from constructors, interface default vs
// superclass method (class wins), abstract class implementing an interface partially,
// and invokespecial vs invokevirtual visible in results.
public class Main {
    static class A {
        String name = "A.name";
        static String kind() { return "A.kind"; }
        String who() { return "A"; }
        String chain() { return "A"; }
        private String priv() { return "A.priv"; }
        String callPriv() { return priv(); }
        final String fin() { return "final in A sees " + who(); }
        String viaThis() { return this.who() + "/" + this.name; }
    }
    static class B extends A {
        String name = "B.name";
        static String kind() { return "B.kind"; }
        @Override String who() { return "B"; }
        @Override String chain() { return super.chain() + ">B"; }
        String priv() { return "B.priv"; }
    }
    static class C extends B {
        @Override String who() { return "C(" + super.who() + ")"; }
        @Override String chain() { return super.chain() + ">C"; }
        String superName() { return super.name + " " + ((A) this).name; }
    }

    interface Greets { default String greet() { return "interface greet"; } }
    static class Parent { public String greet() { return "class greet"; } }
    static class Kid extends Parent implements Greets {}

    interface Sized { int size(); default boolean isEmpty() { return size() == 0; } }
    static abstract class Partial implements Sized { public String toString() { return "size " + size() + " empty " + isEmpty(); } }
    static class Fixed extends Partial { final int n; Fixed(int n) { this.n = n; } public int size() { return n; } }

    static class Shape {
        final String desc;
        Shape() { desc = "shape with " + sides() + " sides"; }
        int sides() { return 0; }
    }
    static class Square extends Shape { final int s = 4; @Override int sides() { return s; } }

    public static void main(String[] args) {
        A a = new A(), b = new B(), c = new C();
        for (A x : new A[] {a, b, c})
            System.out.println(x.who() + " | " + x.chain() + " | " + x.name + " | " + x.callPriv() + " | " + x.fin() + " | " + x.viaThis());
        B bb = (B) b;
        System.out.println(bb.name + " " + ((A) bb).name + " " + A.kind() + " " + B.kind() + " " + bb.priv());
        System.out.println(((C) c).superName());
        System.out.println(new Kid().greet() + " / " + ((Greets) new Kid()).greet());
        System.out.println(new Fixed(0) + ", " + new Fixed(3));
        System.out.println(new Square().desc);
        Object[] objs = {a, b, c, "str", 42, new int[0]};
        int count = 0;
        for (Object o : objs) if (o instanceof B) count++;
        System.out.println("instances of B: " + count + " C is A: " + (c instanceof A) + " class " + c.getClass().getSimpleName() + " super " + c.getClass().getSuperclass().getSimpleName());
        long total = 0;
        A[] mix = new A[300];
        for (int i = 0; i < mix.length; i++) mix[i] = i % 3 == 0 ? new A() : i % 3 == 1 ? new B() : new C();
        for (A x : mix) total += x.who().length() + x.chain().length();
        System.out.println("megamorphic total " + total);
    }
}
