import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

// Calls that leave compiled code and come back (an upcall from a native, a block, a method
// handle's tail call, a class loader, a lambda), each made from hot methods with values live
// on the operand stack below the call: the receiver of a putfield, an array and index of an
// array store, earlier arguments, ints, longs and doubles of an expression. The embedded JVM's
// JIT must keep them (a miscompilation once stored null after ~300 calls). Run with the
// default reflection inflation and, as JitReentryUpcalls, with reflection kept on the native
// accessors (every call an upcall).
public class JitReentry {
    Object f;
    long lf;
    static final Object[] ARR = new Object[4];
    static final Object LOCK = new Object();

    interface Maker { Object make() throws Exception; }

    static class Box {
        final int v;
        public Box() { this.v = 7; }
        public Box(int v) { this.v = v; }
        public int get() { return v; }
        public static int twice(int x) { return 2 * x; }
        @Override public String toString() { return "Box" + v; }
    }

    static abstract class Src { abstract Object next() throws Exception; }
    static final class CtorSrc extends Src {
        final Constructor<Box> c;
        CtorSrc(Constructor<Box> c) { this.c = c; }
        Object next() throws Exception { return c.newInstance(); }
    }
    static final class InvokeSrc extends Src {
        final Method m; final Box b = new Box(3);
        InvokeSrc(Method m) { this.m = m; }
        Object next() throws Exception { return m.invoke(b); }
    }

    static int g(Object o) { return o == null ? -1000 : o.hashCode() == 0 ? 0 : 1; }
    static long mix(int a, Object o, long b) { return a * 31L + (o == null ? -1 : 1) + b; }
    static int three(int a, int b, int c) { return a * 100 + b * 10 + c; }

    // Blocking callees: each blocks the thread (the scheduler switches) and returns a value.
    static int parkAndGet(int v) { LockSupport.parkNanos(1); return v; }
    static int sleepAndGet(int v) throws InterruptedException { Thread.sleep(0, 1); return v; }
    static int waitAndGet(int v) throws InterruptedException { synchronized (LOCK) { LOCK.wait(1); } return v; }
    static int yieldAndGet(int v) { Thread.yield(); return v; }

    // A class loader in Java: Class.forName through it is a native calling loadClass back.
    static final class Loader extends ClassLoader {
        int asked;
        Loader() { super(JitReentry.class.getClassLoader()); }
        @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            asked++;
            return super.loadClass(name, resolve);
        }
    }

    static void check(String what, boolean ok, int i) {
        if (!ok) throw new AssertionError(what + " failed at iteration " + i);
    }

    static long virtual(Src[] srcs, int n) throws Exception {
        JitReentry h = new JitReentry();
        long acc = 0;
        for (int i = 0; i < n; i++) {
            Src s = srcs[i % srcs.length];
            h.f = s.next();                                                // virtual, megamorphic
            check("virtual putfield", h.f != null, i);
            ARR[(i + 1) & 3] = s.next();
            acc = acc * 3 + three(i & 7, g(s.next()), g(s.next()));
            acc &= 0xffffffffL;
        }
        return acc;
    }

    static long viaInterface(Maker[] makers, int n) throws Exception {
        long acc = 0;
        JitReentry h = new JitReentry();
        for (int i = 0; i < n; i++) {
            Maker m = makers[i & 1];
            h.f = m.make();                                                // interface (lambda)
            check("interface putfield", h.f != null, i);
            acc += mix(i, m.make(), 3L);
        }
        return acc;
    }

    static long indy(Constructor<Box> c0, Constructor<Box> ctor, int n) throws Exception {
        long acc = 0;
        JitReentry h = new JitReentry();
        for (int i = 0; i < n; i++) {
            String s = "#" + i + ":" + ctor.newInstance(i & 7) + "/" + i;  // string concat (indy)
            acc += s.length();
            Supplier<Object> sup = () -> { try { return c0.newInstance(); } catch (Exception e) { throw new RuntimeException(e); } };
            h.f = sup.get();                                               // a lambda made by indy
            check("indy putfield", h.f != null, i);
            IntSupplier is = () -> ((Box) sup.get()).v;
            acc += three(i & 3, is.getAsInt(), 1);
        }
        return acc;
    }

    static long handles(MethodHandle ctorH, MethodHandle getH, MethodHandle twiceH, int n) throws Throwable {
        long acc = 0;
        JitReentry h = new JitReentry();
        for (int i = 0; i < n; i++) {
            h.f = (Box) ctorH.invokeExact(i);                               // method handle (tail call)
            check("handle putfield", h.f != null && ((Box) h.f).v == i, i);
            ARR[i & 3] = (Box) ctorH.invokeExact(i + 1);
            acc += three(i & 7, (int) getH.invokeExact((Box) h.f) & 7, (int) twiceH.invokeExact(i & 3));
            acc += mix(i, (Object) ctorH.invoke(i), acc & 0xf);
        }
        return acc;
    }

    static long blocking(int n) throws Exception {
        long acc = 0;
        double d = 1;
        JitReentry h = new JitReentry();
        for (int i = 0; i < n; i++) {
            acc += three(i & 7, parkAndGet(i & 3), sleepAndGet(2));        // blocked twice, args below
            d = d * 0.25 + waitAndGet(i & 1);
            h.lf = acc + yieldAndGet(1);
            ARR[i & 3] = (Object) Integer.valueOf(parkAndGet(i));
        }
        return acc + (long) (d * 1000) + h.lf;
    }

    static long loaders(Loader loader, int n) throws Exception {
        long acc = 0;
        JitReentry h = new JitReentry();
        String[] names = { "JitReentry$Box", "java.lang.String", "JitReentry$Src", "JitReentry" };
        for (int i = 0; i < n; i++) {
            h.f = Class.forName(names[i & 3], false, loader);               // native calling loadClass
            check("loader putfield", h.f != null, i);
            acc += three(i & 7, Class.forName(names[(i + 1) & 3], false, loader).getName().length(), 1);
        }
        return acc + loader.asked;
    }

    public static void main(String[] args) throws Throwable {
        Constructor<Box> c0 = Box.class.getConstructor();
        Constructor<Box> c1 = Box.class.getConstructor(int.class);
        Method get = Box.class.getMethod("get");
        Method twice = Box.class.getMethod("twice", int.class);
        Box b = new Box(5);
        long r = 0;
        for (int round = 0; round < 3; round++) r += reflectiveBoth(c0, c1, get, twice, b, 1500);
        System.out.println("reflective " + r);

        Src[] srcs = { new CtorSrc(c0), new InvokeSrc(get) };
        long v = 0;
        for (int round = 0; round < 3; round++) v += virtual(srcs, 1200);
        System.out.println("virtual " + v);

        Maker[] makers = { () -> c0.newInstance(), () -> get.invoke(b) };
        long itf = 0;
        for (int round = 0; round < 3; round++) itf += viaInterface(makers, 1200);
        System.out.println("interface " + itf);

        long in = 0;
        for (int round = 0; round < 2; round++) in += indy(c0, c1, 1000);
        System.out.println("indy " + in);

        MethodHandles.Lookup lk = MethodHandles.lookup();
        MethodHandle ctorH = lk.findConstructor(Box.class, MethodType.methodType(void.class, int.class));
        MethodHandle getH = lk.findVirtual(Box.class, "get", MethodType.methodType(int.class));
        MethodHandle twiceH = lk.findStatic(Box.class, "twice", MethodType.methodType(int.class, int.class));
        long hs = 0;
        for (int round = 0; round < 3; round++) hs += handles(ctorH, getH, twiceH, 1200);
        System.out.println("handles " + hs);

        Thread other = new Thread(() -> {
            for (int i = 0; i < 2000; i++) { synchronized (LOCK) { LOCK.notifyAll(); } Thread.yield(); }
        });
        other.setDaemon(true);
        other.start();
        System.out.println("blocking " + blocking(900));

        System.out.println("loaders " + loaders(new Loader(), 2500));
        System.out.println("last " + ARR[0] + " " + ARR[1] + " " + ARR[2] + " " + ARR[3]);
    }

    static long reflectiveBoth(Constructor<Box> c0, Constructor<Box> c1, Method get, Method twice, Box b, int n) throws Exception {
        JitReentry h = new JitReentry();
        long acc = 0;
        double d = 0.5;
        for (int i = 0; i < n; i++) {
            h.f = c0.newInstance();
            check("putfield", h.f != null, i);
            ARR[i & 3] = c1.newInstance(i);
            check("aastore", ARR[i & 3] != null && ((Box) ARR[i & 3]).v == i, i);
            acc += g(c0.newInstance());
            acc += mix(i, get.invoke(b), acc & 0xff);
            acc += three(i & 7, (Integer) twice.invoke(null, i & 3), 5);
            d = d * 0.5 + (Integer) get.invoke(b);
            h.lf = acc + ((Box) c1.newInstance(i & 15)).v;
        }
        return acc + (long) d + h.lf;
    }
}
