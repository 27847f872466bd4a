import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

// Method handles of shapes whose LambdaForms the JDK's holder classes (DirectMethodHandle$Holder,
// Invokers$Holder, ...) do not pregenerate: InvokerBytecodeGenerator.lookupPregenerated resolves
// the form's name in the holder speculatively (MemberName.Factory.resolveOrNull), and HotSpot's
// LinkResolver constructs a NoSuchMethodError for each miss (its Java constructor, counted with the
// JDK instrumented) that resolve_MemberName then clears. Lookups that fail outright (findVirtual,
// findStatic, findConstructor, findGetter of missing members) are caught too. A handle of an
// interface's default method (REF_invokeInterface, not abstract) makes DirectMethodHandle resolve
// the name in Object speculatively ("invokeinterface of an Object method"): HotSpot's LinkResolver
// constructs an IncompatibleClassChangeError there (Object is no interface), before any lookup.
public class SpeculativeResolve {
    interface Scaled {
        int factor();

        default int scaled(int x, long y) {
            return factor() * x + (int) y;
        }
    }

    private final int base;

    SpeculativeResolve(int base) {
        this.base = base;
    }

    static long mix(int a, long b, double c, Object d, float e, int f) {
        return a + b + (long) c + (d == null ? 0 : 1) + (long) e + f;
    }

    static double spread(float a, double b, long c, int d, short e) {
        return a + b + c + d + e;
    }

    int plus(long x, float y, double z, int w) {
        return base + (int) x + (int) y + (int) z + w;
    }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        MethodHandle mix = lookup.findStatic(SpeculativeResolve.class, "mix",
            MethodType.methodType(long.class, int.class, long.class, double.class, Object.class, float.class, int.class));
        MethodHandle spread = lookup.findStatic(SpeculativeResolve.class, "spread",
            MethodType.methodType(double.class, float.class, double.class, long.class, int.class, short.class));
        MethodHandle plus = lookup.findVirtual(SpeculativeResolve.class, "plus",
            MethodType.methodType(int.class, long.class, float.class, double.class, int.class));
        MethodHandle make = lookup.findConstructor(SpeculativeResolve.class, MethodType.methodType(void.class, int.class));
        long total = 0;
        for (int i = 0; i < 50; i++) {
            total += (long) mix.invokeExact(i, 2L, 3.0, (Object) "x", 4.0f, 5);
            total += (long) (double) spread.invokeExact(1.0f, 2.0, 3L, i, (short) 4);
            SpeculativeResolve r = (SpeculativeResolve) make.invokeExact(i);
            total += (int) plus.invokeExact(r, 1L, 2.0f, 3.0, i);
        }
        MethodHandle bound = MethodHandles.insertArguments(mix, 0, 7, 8L);
        MethodHandle dropped = MethodHandles.dropArguments(spread, 1, String.class, long.class);
        for (int i = 0; i < 20; i++) {
            total += (long) bound.invoke(1.0, "y", 2.0f, i);
            total += (long) (double) dropped.invoke(1.0f, "z", 9L, 2.0, 3L, i, (short) 1);
        }
        MethodHandle scaled = lookup.findVirtual(Scaled.class, "scaled", MethodType.methodType(int.class, int.class, long.class));
        Scaled three = () -> 3;
        for (int i = 0; i < 20; i++) total += (int) scaled.invokeExact(three, i, 5L);
        int missing = 0;
        try {
            lookup.findVirtual(SpeculativeResolve.class, "minus", MethodType.methodType(int.class, long.class));
        } catch (NoSuchMethodException e) {
            missing++;
        }
        try {
            lookup.findStatic(SpeculativeResolve.class, "mix", MethodType.methodType(long.class, int.class));
        } catch (NoSuchMethodException e) {
            missing++;
        }
        try {
            lookup.findConstructor(SpeculativeResolve.class, MethodType.methodType(void.class, String.class));
        } catch (NoSuchMethodException e) {
            missing++;
        }
        try {
            lookup.findGetter(SpeculativeResolve.class, "top", int.class);
        } catch (NoSuchFieldException e) {
            missing++;
        }
        System.out.println("total " + total + ", missing " + missing);
    }
}
