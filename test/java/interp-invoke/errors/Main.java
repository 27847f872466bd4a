// Errors of reflective method handle calls (invoke, invokeExact, invokeWithArguments, asType,
// spreaders, bindTo): the exception, its message and causes must be java's. A null receiver
// throws from hidden LambdaForm code, so HotSpot gives no helpful NPE message. Left out: a call
// where two argument conversions fail (the one that fails first depends on a HashMap of the
// conversions keyed by identity hashes, see docs/INTERPRETER.md).
import java.lang.invoke.*;
import java.math.BigDecimal;
import java.util.*;

public class Main {
    static String f(int a, String b) { return b + a; }
    interface Run { Object run() throws Throwable; }
    static void t(String label, Run r) {
        try { System.out.println(label + " -> " + r.run()); }
        catch (Throwable e) { System.out.println(label + " !! " + e); Throwable c = e.getCause(); while (c != null) { System.out.println("   cause " + c); c = c.getCause(); } }
    }
    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        MethodHandle pow = l.findVirtual(BigDecimal.class, "pow", MethodType.methodType(BigDecimal.class, int.class));
        MethodHandle fh = l.findStatic(Main.class, "f", MethodType.methodType(String.class, int.class, String.class));
        t("pow ok", () -> pow.invoke(new BigDecimal("1.5"), 3));
        t("pow wrong types", () -> pow.invoke("x", "y"));
        t("pow wrong types 2", () -> pow.invoke(new BigDecimal("2"), "y"));
        t("pow long arg", () -> pow.invoke(new BigDecimal("2"), 3L));
        t("pow null recv", () -> pow.invoke((BigDecimal) null, 3));
        t("pow arity", () -> pow.invoke(new BigDecimal("2")));
        t("pow arity 3", () -> pow.invoke(new BigDecimal("2"), 1, 2));
        t("pow iwa ok", () -> pow.invokeWithArguments(new BigDecimal("2"), 3));
        t("pow iwa arity", () -> pow.invokeWithArguments(new BigDecimal("2")));
        t("pow iwa list", () -> pow.invokeWithArguments(Arrays.asList(new BigDecimal("2"), "z")));
        t("pow iwa null int", () -> pow.invokeWithArguments(new BigDecimal("2"), null));
        t("f exact wrong", () -> (Object) (String) fh.invokeExact(1, (Object) "s"));
        t("f exact ret", () -> { Object o = (Object) fh.invokeExact(1, "s"); return o; });
        t("f invoke types", () -> fh.invoke("a", "b"));
        t("f invoke arity", () -> fh.invoke(1));
        t("f iwa types", () -> fh.invokeWithArguments(1, 2));
        t("f iwa arity", () -> fh.invokeWithArguments(1, "a", "b"));
        t("f iwa short", () -> fh.invokeWithArguments((short) 1, "a"));
        t("f iwa dbl", () -> fh.invokeWithArguments(1.0, "a"));
        t("f iwa null", () -> fh.invokeWithArguments(null, "a"));
        MethodHandle spread = fh.asSpreader(Object[].class, 2);
        t("spread arity", () -> spread.invoke(new Object[]{1}));
        t("spread types", () -> spread.invoke(new Object[]{"q", "r"}));
        t("spread null", () -> spread.invoke((Object[]) null));
        MethodHandle gen = fh.asType(MethodType.genericMethodType(2));
        t("gen types", () -> gen.invoke("q", "r"));
        t("gen exact types", () -> gen.invokeExact((Object) "q", (Object) "r"));
        t("asType bad", () -> fh.asType(MethodType.methodType(int.class, int.class, String.class)));
        t("bindTo bad", () -> pow.bindTo("x"));
        MethodHandle ctor = l.findConstructor(BigDecimal.class, MethodType.methodType(void.class, String.class));
        t("ctor bad", () -> ctor.invoke("abc"));
        t("ctor types", () -> ctor.invokeWithArguments(5));
        MethodHandle arrGet = MethodHandles.arrayElementGetter(int[].class);
        t("arr oob", () -> arrGet.invoke(new int[1], 5));
        t("arr types", () -> arrGet.invoke(new long[1], 0));
    }
}
