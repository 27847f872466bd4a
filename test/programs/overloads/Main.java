// Overload resolution: widening beats boxing beats varargs, most specific type, null
// arguments, char/int/long/double overloads, boxed vs primitive, inherited overloads,
// static vs instance, and overloads chosen at compile time (static type) vs overriding.
public class Main {
    static String f(int x) { return "int"; }
    static String f(long x) { return "long"; }
    static String f(double x) { return "double"; }
    static String f(Integer x) { return "Integer"; }
    static String f(Object x) { return "Object"; }
    static String f(int... x) { return "int..."; }

    static String g(long x) { return "g long"; }
    static String g(Integer x) { return "g Integer"; }

    static String h(Object o) { return "h Object"; }
    static String h(String s) { return "h String"; }
    static String h(CharSequence s) { return "h CharSequence"; }

    static String k(char c) { return "k char"; }
    static String k(int i) { return "k int"; }

    static String m(Number n) { return "m Number"; }
    static String m(Comparable<?> c) { return "m Comparable"; }

    static class A {
        String who(A a) { return "A.who(A)"; }
        String who(B b) { return "A.who(B)"; }
    }
    static class B extends A {
        @Override String who(A a) { return "B.who(A)"; }
        @Override String who(B b) { return "B.who(B)"; }
        String who(Object o) { return "B.who(Object)"; }
    }

    public static void main(String[] args) {
        byte b = 1; short s = 2; char c = 'c'; long l = 4; float fl = 5f;
        System.out.println(f(b) + " " + f(s) + " " + f(c) + " " + f(3) + " " + f(l) + " " + f(fl) + " " + f(2.0));
        System.out.println(f(Integer.valueOf(1)) + " " + f("s") + " " + f() + " " + f(1, 2) + " " + f((Object) 3));
        System.out.println(g(5) + " " + g(Integer.valueOf(5)));
        System.out.println(h(null) + " " + h("x") + " " + h(new StringBuilder("y")) + " " + h((Object) "z"));
        System.out.println(k('x') + " " + k(120) + " " + k((char) 120) + " " + k('x' + 1));
        System.out.println("m " + m((Number) 1) + " " + m("s"));
        A ab = new B();
        B bb = new B();
        A aa = new A();
        System.out.println(ab.who(ab) + " | " + ab.who(bb) + " | " + bb.who(ab) + " | " + bb.who(bb) + " | " + bb.who((Object) bb) + " | " + aa.who(bb));
        StringBuilder sb = new StringBuilder();
        sb.append('a').append(1).append(2L).append(3.5f).append(4.25).append(true).append((Object) null).append((String) null).append(new char[] {'x', 'y'}).append((CharSequence) "cs", 0, 1);
        System.out.println(sb);
        System.out.println(String.valueOf(new char[] {'h', 'i'}) + String.valueOf((Object) null) + String.valueOf(3.0f) + Math.max(1, 2L) + Math.abs(-2.5f));
    }
}
