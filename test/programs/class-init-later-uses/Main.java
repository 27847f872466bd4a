// After a static initialiser threw, every later use throws NoClassDefFoundError "Could not
// initialize class X" with the first failure as cause (JDK 17): from a hot (JIT-compiled) caller,
// method handles (findStatic, a method reference), Lookup.ensureInitialized, a static VarHandle,
// Class.forName with and without initialisation, reflection; an instance field of such a class.
import java.lang.invoke.*;
import java.util.function.*;
public class Main {
    static class Bad { static int x = 1 / Integer.parseInt("0"); static int m() { return 1; } int v; }
    static class Bad4 { static int x = 1 / Integer.parseInt("0"); static int m() { return 1; } }
    static class Bad5 { static int x = 1 / Integer.parseInt("0"); static int m() { return 1; } }
    static class Bad6 { static int x = 1 / Integer.parseInt("0"); static int m() { return 1; } }
    static int use(int i) { return Bad.m() + i; }
    public static void main(String[] a) throws Throwable {
        int ncdfe = 0, other = 0; String last = null;
        for (int i = 0; i < 1000; i++) {
            try { use(i); } catch (NoClassDefFoundError e) { ncdfe++; last = e + " / " + e.getCause(); } catch (Throwable e) { other++; }
        }
        System.out.println(ncdfe + " " + other + " " + last);
        MethodHandles.Lookup l = MethodHandles.lookup();
        for (int i = 0; i < 3; i++) {
            try { MethodHandle h = l.findStatic(Bad4.class, "m", MethodType.methodType(int.class)); System.out.println((int) h.invokeExact()); } catch (Throwable e) { show(e); }
        }
        for (int i = 0; i < 3; i++) {
            try { Supplier<Integer> s = Bad5::m; System.out.println(s.get()); } catch (Throwable e) { show(e); }
        }
        for (int i = 0; i < 3; i++) {
            try { l.ensureInitialized(Bad6.class); System.out.println("init"); } catch (Throwable e) { show(e); }
        }
        for (int i = 0; i < 2; i++) {
            try { VarHandle vh = l.findStaticVarHandle(Bad6.class, "x", int.class); System.out.println((int) vh.get()); } catch (Throwable e) { show(e); }
        }
        for (int i = 0; i < 2; i++) {
            try { Class.forName("Main$Bad6", true, Main.class.getClassLoader()); } catch (Throwable e) { show(e); }
        }
        try { Class<?> c = Class.forName("Main$Bad6", false, Main.class.getClassLoader()); System.out.println(c.getName() + " " + c.getDeclaredFields().length); } catch (Throwable e) { show(e); }
        try { System.out.println(Bad.class.getDeclaredField("x").getInt(null)); } catch (Throwable e) { show(e); }
        try { Bad b = null; System.out.println(b.v); } catch (Throwable e) { show(e); }
    }
    static void show(Throwable e) {
        System.out.println(e);
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) System.out.println("  cause: " + c);
    }
}
