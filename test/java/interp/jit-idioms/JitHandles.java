import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.IntUnaryOperator;

/**
 * Method handles and lambdas called from compiled code (test/unit/interp-jit-idioms.test.ts):
 * a call site linked with an appendix, MethodHandle.invokeBasic and linkTo* are trampolines
 * whose compiled target compiled code calls directly (invoke/sigpoly.ts tailTarget). Their
 * bytecodes (the nanoTime of the virtual clock), exceptions and profile are the interpreter's.
 */
public class JitHandles {
    interface Shape {
        int area(int k);
    }

    static final class Sq implements Shape {
        public int area(int k) {
            return k * k;
        }
    }

    static final class Tri implements Shape {
        public int area(int k) {
            return k * (k + 1) / 2;
        }
    }

    private final int base;

    JitHandles(int base) {
        this.base = base;
    }

    static int twice(int x) {
        return x * 2;
    }

    int plus(int x) {
        return base + x;
    }

    static int boom(int x) {
        if (x % 9_001 == 9_000) throw new IllegalStateException("boom " + x);
        return x & 7;
    }

    synchronized int locked(int x) {
        return x ^ base;
    }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        MethodType ii = MethodType.methodType(int.class, int.class);
        MethodHandle tw = l.findStatic(JitHandles.class, "twice", ii);
        MethodHandle pl = l.findVirtual(JitHandles.class, "plus", ii).bindTo(new JitHandles(3));
        MethodHandle bm = l.findStatic(JitHandles.class, "boom", ii);
        MethodHandle lk = l.findVirtual(JitHandles.class, "locked", ii);
        MethodHandle ar = l.findVirtual(Shape.class, "area", ii);
        MethodHandle k = MethodHandles.constant(String.class, "konst");
        Shape[] shapes = {new Sq(), new Tri()};
        JitHandles me = new JitHandles(5);
        int offset = args.length + 1;
        long h = 0;
        int thrown = 0;
        for (int i = 0; i < 40_000; i++) {
            IntUnaryOperator plain = x -> x + 1;
            IntUnaryOperator capturing = x -> x * offset;
            h += (int) tw.invokeExact(i);
            h += (int) pl.invokeExact(i);
            h += ((String) k.invokeExact()).length();
            h += (int) lk.invokeExact(me, i);
            h += (int) ar.invokeExact(shapes[i & 1], i & 255);
            h += plain.applyAsInt(i) + capturing.applyAsInt(i);
            try {
                h += (int) bm.invokeExact(i);
            } catch (IllegalStateException e) {
                thrown++;
                for (StackTraceElement el : e.getStackTrace()) {
                    if (el.getClassName().startsWith("JitHandles")) h = h * 31 + el.getLineNumber() + el.getMethodName().hashCode();
                }
            }
            h = h * 1_000_003 % 998_244_353;
        }
        MethodHandle none = args.length > 100 ? tw : null;
        try {
            h += (int) none.invokeExact(1);
        } catch (NullPointerException e) {
            h += 17;
        }
        System.out.println("hash " + h + " thrown " + thrown);
        // With --clock virtual, nanoTime is the bytecodes the engine ran: the same with the JIT
        // on and off (the test compares it; HotSpot prints its own).
        if (args.length > 0 && args[0].equals("clock")) System.out.println("clock " + System.nanoTime());
    }
}
