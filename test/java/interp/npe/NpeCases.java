// Helpful NullPointerException messages (JEP 358) for many bytecode shapes. Compiled with and
// without -g by test/unit/interp-npe.test.ts; the embedded JVM must print what HotSpot prints.
import java.util.List;
import java.util.function.Supplier;

public class NpeCases {
    static String sField;
    static NpeCases sNode;
    static int[] sInts;
    String name;
    NpeCases next;
    NpeCases[] kids;
    int[] ints;
    long[] longs;
    Object obj;
    double d;
    long l;

    static String nothing() { return null; }
    static NpeCases none() { return null; }
    NpeCases getNext() { return next; }
    NpeCases self() { return this; }
    static String withArgs(int a, String b, long c, double[] e, List<String> f) { return null; }
    static Object[] arrays() { return null; }
    static int three() { return 3; }

    static class Inner {
        static String sText;
        String text;
        void run(String a, int b) {}
        static Inner make() { return new Inner(); }
    }
    void takes(Integer a, java.util.Map<String, Integer> b) {}
    void takesArrays(int[][] a, String[] b, Inner[] c) {}
    static NpeCases make2() { return new NpeCases(); }
    void lambdaThis() { Runnable r = () -> System.out.println(this.next.name); r.run(); }

    interface Check { void run() throws Throwable; }

    static void t(String what, Check c) {
        try {
            c.run();
            System.out.println(what + ": ok");
        } catch (NullPointerException e) {
            System.out.println(what + ": " + e.getMessage());
        } catch (Throwable e) {
            System.out.println(what + ": other " + e);
        }
    }

    void instanceCases(String p1, long p2, NpeCases p3, int p4) {
        t("this.field", () -> System.out.println(this.name.length()));
        t("this.next.next", () -> System.out.println(next.next.name));
        t("param1", () -> System.out.println(p1.length()));
        t("param3", () -> System.out.println(p3.name));
        t("self().next", () -> System.out.println(self().next.name));
        t("deep chain", () -> System.out.println(next.next.next.next.next.next.name));
        t("kids[p4]", () -> System.out.println(kids[p4].name));
        t("putfield long", () -> next.l = 5L);
        t("putfield double", () -> next.d = 1.5);
        t("putfield ref", () -> next.obj = "x");
        t("getfield long", () -> System.out.println(next.l));
        t("longs store", () -> { longs[0] = 1L; });
        t("longs load", () -> System.out.println(longs[0]));
        directLocals(p1, p2, p3, p4);
    }

    void directLocals(String p1, long p2, NpeCases p3, int p4) {
        try { System.out.println(p1.length()); } catch (NullPointerException e) { System.out.println("direct p1: " + e.getMessage()); }
        try { System.out.println(p3.next); } catch (NullPointerException e) { System.out.println("direct p3: " + e.getMessage()); }
        NpeCases local = p3;
        try { System.out.println(local.kids.length); } catch (NullPointerException e) { System.out.println("direct local: " + e.getMessage()); }
        try { System.out.println(this.next.name); } catch (NullPointerException e) { System.out.println("direct this.next: " + e.getMessage()); }
        int[] arr = null;
        try { arr[p4] = 1; } catch (NullPointerException e) { System.out.println("direct arr store: " + e.getMessage()); }
        try { System.out.println(arr[p4 + 1]); } catch (NullPointerException e) { System.out.println("direct arr load expr: " + e.getMessage()); }
        Object o = null;
        try { System.out.println(((String) o).length()); } catch (NullPointerException e) { System.out.println("direct cast: " + e.getMessage()); }
        String s = p4 > 0 ? p1 : null;
        try { System.out.println(s.length()); } catch (NullPointerException e) { System.out.println("direct cond local: " + e.getMessage()); }
        try { System.out.println((p4 > 0 ? p1 : (String) null).length()); } catch (NullPointerException e) { System.out.println("direct cond expr: " + e.getMessage()); }
    }

    static void staticCases(String a, int[] b, Object c) {
        String[] strs = new String[3];
        Object[][] grid = new Object[2][];
        NpeCases n = new NpeCases();
        int i = 1;
        t("static field", () -> System.out.println(sField.length()));
        t("static node field", () -> System.out.println(sNode.name));
        t("static ints", () -> System.out.println(sInts[0]));
        t("static ints length", () -> System.out.println(sInts.length));
        t("return value", () -> System.out.println(nothing().length()));
        t("return value args", () -> System.out.println(withArgs(1, "", 2L, null, null).length()));
        t("return value field", () -> System.out.println(none().next.name));
        t("return value array", () -> System.out.println(arrays()[0]));
        t("return value array length", () -> System.out.println(arrays().length));
        t("strs[i]", () -> System.out.println(strs[i].length()));
        t("strs[2]", () -> System.out.println(strs[2].length()));
        t("strs[three()]", () -> System.out.println(strs[three() - 1].length()));
        t("grid[0][0]", () -> System.out.println(grid[0][0]));
        t("grid[i][i]", () -> System.out.println(grid[i][i]));
        t("grid[0] store", () -> grid[1][0] = "x");
        t("n.kids[0]", () -> System.out.println(n.kids[0]));
        t("n.ints store", () -> n.ints[1] = 4);
        t("param a", () -> System.out.println(a.isEmpty()));
        t("param b", () -> System.out.println(b[0]));
        t("param c hashCode", () -> System.out.println(c.hashCode()));
        t("param c toString", () -> System.out.println(c.toString()));
        t("sync", () -> { synchronized (n.next) { System.out.println(1); } });
        t("throw", () -> { throw n.next == null ? (RuntimeException) n.obj : null; });
        t("throw field", () -> { throw (RuntimeException) n.obj; });
        t("unbox Integer", () -> { Integer x = null; int y = x; System.out.println(y); });
        t("unbox Long", () -> { Long x = null; long y = x; System.out.println(y); });
        t("unbox Boolean", () -> { Boolean x = null; if (x) System.out.println(1); });
        t("string concat", () -> { String x = null; System.out.println(x.concat("a")); });
        t("char array", () -> { char[] cs = null; System.out.println(cs[0]); });
        t("byte array", () -> { byte[] cs = null; cs[0] = 1; });
        t("boolean array", () -> { boolean[] cs = null; System.out.println(cs[0]); });
        t("short array", () -> { short[] cs = null; System.out.println(cs[0]); });
        t("float array", () -> { float[] cs = null; cs[0] = 1f; });
        t("double array", () -> { double[] cs = null; System.out.println(cs[0]); });
        t("object array store", () -> { Object[] os = null; os[0] = "s"; });
        t("interface call", () -> { List<String> l = null; System.out.println(l.size()); });
        t("interface call args", () -> { List<String> l = null; l.add("x"); });
        t("supplier", () -> { Supplier<String> s = null; s.get(); });
        t("supplier result", () -> { Supplier<String> s = () -> null; System.out.println(s.get().length()); });
        t("system out", () -> { java.io.PrintStream p = null; p.println("x"); });
        t("array clone", () -> { int[] x = null; System.out.println(x.clone()); });
        t("string switch", () -> { String x = null; switch (x) { case "a": break; default: break; } });
        t("enum switch", () -> { Thread.State st = null; switch (st) { case NEW: break; default: break; } });
        t("foreach array", () -> { int[] xs = null; for (int v : xs) System.out.println(v); });
        t("foreach list", () -> { List<String> xs = null; for (String v : xs) System.out.println(v); });
        t("explicit", () -> { throw new NullPointerException(); });
        t("explicit msg", () -> { throw new NullPointerException("mine"); });
        t("requireNonNull", () -> java.util.Objects.requireNonNull(null));
        t("arraycopy", () -> System.arraycopy(null, 0, new int[1], 0, 1));
        t("reflective", () -> { Object x = NullPointerException.class.getDeclaredConstructor().newInstance(); throw (Throwable) x; });
        t("lambda captured", () -> { NpeCases m = null; Runnable r = () -> System.out.println(m.name); r.run(); });
        t("method ref", () -> { String x = null; Supplier<Integer> s = x::length; s.get(); });
        t("nested ternary", () -> { NpeCases m = n.next != null ? n : n.next; System.out.println(m.name); });
        t("long param", () -> { long q = 3; String x = null; System.out.println(q + x.length()); });
        t("many locals", () -> { int a1 = 1, a2 = 2, a3 = 3; double d1 = 4; String x = null; System.out.println(a1 + a2 + a3 + d1 + x.length()); });
        t("static node chain", () -> System.out.println(sNode.next.name));
        t("array of nodes", () -> { NpeCases[] ns = new NpeCases[2]; System.out.println(ns[1].next.name); });
        t("array of nodes field", () -> { NpeCases[] ns = new NpeCases[2]; ns[0] = n; System.out.println(ns[0].next.name); });
        t("array index from field", () -> { NpeCases[] ns = new NpeCases[2]; System.out.println(ns[n.ints == null ? 0 : 1].name); });
        t("instanceof then", () -> { Object x = null; System.out.println(((String) x).length()); });
        t("getClass", () -> { Object x = null; System.out.println(x.getClass()); });
        t("new in expr", () -> System.out.println(new NpeCases().next.name));
        t("assignment expr", () -> { NpeCases m; (m = n.next).name = "a"; });
        t("iinc index", () -> { String[] ss = new String[3]; int k = 0; System.out.println(ss[k++].length()); });
        t("long index", () -> { String[] ss = new String[3]; long k = 1; System.out.println(ss[(int) k].length()); });
        t("const array", () -> { String[] ss = {null}; System.out.println(ss[0].length()); });
        t("multi new", () -> { int[][][] cube = new int[2][2][]; cube[1][1][0] = 5; });
        t("field of array elem", () -> System.out.println(n.kids[i].next));
        t("static method on field", () -> System.out.println(sNode.getNext()));
        t("nested invoke in chain", () -> { NpeCases m = new NpeCases(); m.next = new NpeCases(); System.out.println(m.getNext().next.name); });
        t("nested invoke in array", () -> { Object[][] g = {null}; Supplier<Object[][]> f = () -> g; System.out.println(f.get()[0][0]); });
        t("cast null", () -> System.out.println(((String) null).length()));
        t("throw null", () -> { throw null; });
        t("long chain", () -> { NpeCases m = new NpeCases(); m.next = new NpeCases(); m.next.next = new NpeCases(); m.next.next.next = new NpeCases(); m.next.next.next.next = new NpeCases(); m.next.next.next.next.next = new NpeCases(); System.out.println(m.next.next.next.next.next.next.name); });
        t("long chain 2", () -> { NpeCases m = new NpeCases(); m.next = new NpeCases(); m.next.next = new NpeCases(); m.next.next.next = new NpeCases(); System.out.println(m.next.next.next.next.name); });
        t("same local both branches", () -> { String s = null; System.out.println((i > 0 ? s : s).length()); });
        t("nested class static", () -> System.out.println(Inner.sText.length()));
        t("nested class field", () -> { Inner in = new Inner(); System.out.println(in.text.length()); });
        t("nested class method", () -> { Inner in = null; in.run(null, 0); });
        t("string array clone", () -> { String[] x = null; System.out.println(x.clone()); });
        t("static method of field result", () -> System.out.println(Inner.make().text.trim()));
        t("integer param", () -> { NpeCases m = null; m.takes(1, null); });
        t("array param", () -> { NpeCases m = null; m.takesArrays(null, null, null); });
        t("catch var", () -> { try { throw new RuntimeException(); } catch (RuntimeException e) { RuntimeException f = null; System.out.println(f.getMessage()); } });
        t("exception handler stack", () -> { try { throw new IllegalStateException(); } catch (IllegalStateException e) { Object o = e.getCause(); System.out.println(o.hashCode()); } });
        t("static this-like", () -> { NpeCases m = null; System.out.println(m.self()); });
        t("idx array elem", () -> { int[] idx = {0}; String[] ss = new String[1]; System.out.println(ss[idx[0]].length()); });
        t("two dim field", () -> { NpeCases m = new NpeCases(); System.out.println(m.kids[0].name); });
        t("lambda this", () -> new NpeCases().lambdaThis());
        t("getfield on static call", () -> System.out.println(none().name));
        t("array length of static call field", () -> System.out.println(make2().ints.length));
        t("string length chain", () -> System.out.println(n.getNext().name.length()));
    }

    public static void main(String[] args) {
        NpeCases n = new NpeCases();
        n.next = new NpeCases();
        n.instanceCases(null, 7L, null, 1);
        staticCases(null, null, null);
    }
}
