// Class initialisation order (JVMS 5.5): triggers and non-triggers, superclass before
// subclass, superinterfaces with default methods, constant fields, failures.
public class ClassInitOrder {
    static StringBuilder log = new StringBuilder();
    static void log(String s) { log.append(s).append(' '); }

    interface Plain { int P = ClassInitOrder.mark("Plain"); }
    interface WithDefault { int W = ClassInitOrder.mark("WithDefault"); default void d() {} }
    static class Base implements Plain, WithDefault { static int B = mark("Base"); static void sm() {} }
    static class Sub extends Base { static int S = mark("Sub"); static final int CONST = 42; static final String NAME = "sub"; }
    static class Holder { static int H = mark("Holder"); static int[] ARR; }
    static class Lazy { static { log("Lazy"); } static int value() { return 1; } }
    static class ViaNew { static { log("ViaNew"); } }
    static class ViaReflection { static { log("ViaReflection"); } }
    static class ViaForName { static { log("ViaForName"); } }
    static class Fails { static int X = 1 / Integer.parseInt("0"); }
    static class FailsChild extends Fails { static { log("FailsChild"); } }
    static class ErrorInInit { static { if (true) throw new AssertionError("boom"); } }
    static class Recursive { static int A = Recursive2.B + 1; }
    static class Recursive2 { static int B = Recursive.A + 10; }
    enum Color { RED, GREEN; static { log("Color"); } }

    static int mark(String s) { log(s); return s.length(); }

    public static void main(String[] args) throws Exception {
        int c = Sub.CONST;
        String n = Sub.NAME;
        log("const:" + c + n);
        Object arr = new Sub[3];
        log("array:" + ((Object[]) arr).length);
        int viaSub = Sub.B;
        log("viaSub:" + viaSub);
        Sub.sm();
        log("sm");
        int s = Sub.S;
        log("S:" + s);
        log("plainField:" + Plain.P);
        Holder.ARR = new int[1];
        log("holder");
        Class<?> lazy = Class.forName("ClassInitOrder$Lazy", false, ClassInitOrder.class.getClassLoader());
        log("forName-noinit:" + lazy.getSimpleName());
        log("call:" + Lazy.value());
        new ViaNew();
        ViaReflection.class.getDeclaredConstructor().newInstance();
        Class.forName("ClassInitOrder$ViaForName");
        log("enum:" + Color.GREEN.ordinal());
        System.out.println(log);
        log.setLength(0);
        try { System.out.println(Fails.X); } catch (ExceptionInInitializerError e) { System.out.println("EIIE cause " + e.getCause() + " message " + e.getMessage()); }
        try { System.out.println(Fails.X); } catch (NoClassDefFoundError e) { System.out.println("NCDFE " + e.getMessage() + " cause " + e.getCause()); }
        try { System.out.println(FailsChild.class.getName()); new FailsChild(); } catch (Throwable e) { System.out.println("child " + e); }
        try { System.out.println(new ErrorInInit()); } catch (Throwable e) { System.out.println("error " + e); }
        try { System.out.println(new ErrorInInit()); } catch (Throwable e) { System.out.println("again " + e + " / " + e.getCause()); }
        try { Class.forName("ClassInitOrder$ErrorInInit"); } catch (Throwable e) { System.out.println("forName " + e); }
        try { Class.forName("ClassInitOrder$Missing"); } catch (Throwable e) { System.out.println("missing " + e); }
        System.out.println("recursive " + Recursive.A + " " + Recursive2.B + " " + log);
    }
}
