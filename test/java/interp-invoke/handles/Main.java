import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodHandleProxies;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.WrongMethodTypeException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

// MethodHandles.Lookup (find*, unreflect*), invokeExact/invoke/invokeWithArguments with
// conversions, the MethodHandles combinators, MethodType, MethodHandleInfo, proxies, errors.
public class Main {
    static int counter;
    int value = 7;
    long wide = 1L << 40;
    static String sfield = "static";

    Main() {}
    Main(int v) { value = v; }

    static int add(int a, int b) { return a + b; }
    static long mul(long a, int b) { return a * b; }
    static double half(double d) { return d / 2; }
    static String cat(String a, Object b, char c, boolean z) { return a + b + c + z; }
    static String join(String sep, String... parts) { return String.join(sep, parts); }
    static void tick() { counter++; }
    int plus(int x) { return value + x; }
    private String secret(String s) { return "secret " + s + value; }
    static int boom(int x) { throw new IllegalStateException("boom " + x); }
    static boolean positive(int x) { return x > 0; }
    static int negate(int x) { return -x; }
    static int handler(RuntimeException e, int x) { return 1000 + x; }
    static String describe(Object o) { return "obj:" + o; }
    static String describe(String s) { return "str:" + s; }
    public String toString() { return "Main(" + value + ")"; }

    static class Base { String who() { return "base"; } }
    static class Derived extends Base {
        String who() { return "derived"; }
        String superWho() throws Throwable {
            return (String) MethodHandles.lookup().findSpecial(Base.class, "who", MethodType.methodType(String.class), Derived.class).invoke(this);
        }
        String unreflectSuper() throws Throwable {
            return (String) MethodHandles.lookup().unreflectSpecial(Base.class.getDeclaredMethod("who"), Derived.class).invoke(this);
        }
    }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup lk = MethodHandles.lookup();
        MethodType ii_i = MethodType.methodType(int.class, int.class, int.class);
        MethodHandle add = lk.findStatic(Main.class, "add", ii_i);
        System.out.println("add " + (int) add.invokeExact(2, 3) + " " + add.invoke(4, 5) + " " + add.invokeWithArguments(6, 7) + " " + add.invokeWithArguments(List.of(8, 9)));
        System.out.println("type " + add.type() + " " + add.type().toMethodDescriptorString() + " " + add.type().generic() + " " + add.type().wrap() + " " + add.type().erase());
        System.out.println("mt " + MethodType.fromMethodDescriptorString("(Ljava/lang/String;[I)V", null) + " " + MethodType.methodType(void.class).parameterCount());

        // invoke with conversions: boxing, unboxing, widening, casts
        MethodHandle mul = lk.findStatic(Main.class, "mul", MethodType.methodType(long.class, long.class, int.class));
        Object boxed = mul.invoke(Integer.valueOf(6), (short) 7);
        long asLong = (long) mul.invoke(3, 4);
        System.out.println("mul " + boxed + " " + asLong + " " + boxed.getClass().getSimpleName());
        MethodHandle half = lk.findStatic(Main.class, "half", MethodType.methodType(double.class, double.class));
        System.out.println("half " + (double) half.invokeExact(5.0) + " " + half.invoke(3) + " " + (float) (double) half.invoke(1.5f));
        MethodHandle cat = lk.findStatic(Main.class, "cat", MethodType.methodType(String.class, String.class, Object.class, char.class, boolean.class));
        System.out.println("cat " + (String) cat.invokeExact("a", (Object) 1, 'c', true) + " " + cat.invoke("x", null, 'y', false));

        // varargs
        MethodHandle join = lk.findStatic(Main.class, "join", MethodType.methodType(String.class, String.class, String[].class));
        System.out.println("join " + join.isVarargsCollector() + " " + join.invoke("-", "a", "b", "c") + " " + join.invoke(",") + " " + join.invoke("+", new String[] {"p", "q"}));
        MethodHandle fixed = join.asFixedArity();
        System.out.println("fixed " + fixed.isVarargsCollector() + " " + (String) fixed.invokeExact("/", new String[] {"x", "y"}));
        MethodHandle spreader = add.asSpreader(Object[].class, 2);
        System.out.println("spread " + spreader.invoke(new Object[] {10, 20}));
        MethodHandle collector = join.asFixedArity().asCollector(String[].class, 3);
        System.out.println("collect " + collector.invoke(":", "1", "2", "3") + " " + collector.type());

        // virtual, special, constructors, fields
        Main m = new Main(5);
        MethodHandle plus = lk.findVirtual(Main.class, "plus", MethodType.methodType(int.class, int.class));
        System.out.println("plus " + (int) plus.invokeExact(m, 10) + " bound " + plus.bindTo(new Main(100)).invoke(1));
        MethodHandle secret = lk.findVirtual(Main.class, "secret", MethodType.methodType(String.class, String.class));
        System.out.println((String) secret.invokeExact(m, "s"));
        MethodHandle toStr = lk.findVirtual(Object.class, "toString", MethodType.methodType(String.class));
        System.out.println("virtual " + toStr.invoke(m) + " " + toStr.invoke(List.of(1, 2)) + " " + toStr.invoke((Object) "str"));
        MethodHandle size = lk.findVirtual(List.class, "size", MethodType.methodType(int.class));
        System.out.println("iface " + (int) size.invokeExact((List<?>) new ArrayList<>(List.of(1, 2, 3))) + " " + size.invoke(List.of()));
        Derived d = new Derived();
        System.out.println("special " + d.superWho() + " " + lk.findVirtual(Base.class, "who", MethodType.methodType(String.class)).invoke(d));
        MethodHandle ctor = lk.findConstructor(Main.class, MethodType.methodType(void.class, int.class));
        MethodHandle ctor0 = lk.findConstructor(Main.class, MethodType.methodType(void.class));
        System.out.println("ctor " + ctor.invoke(42) + " " + (Main) ctor0.invokeExact() + " " + lk.findConstructor(ArrayList.class, MethodType.methodType(void.class, java.util.Collection.class)).invoke(List.of("z")));
        MethodHandle get = lk.findGetter(Main.class, "value", int.class);
        MethodHandle set = lk.findSetter(Main.class, "value", int.class);
        set.invoke(m, 77);
        MethodHandle getWide = lk.findGetter(Main.class, "wide", long.class);
        MethodHandle sget = lk.findStaticGetter(Main.class, "sfield", String.class);
        MethodHandle sset = lk.findStaticSetter(Main.class, "sfield", String.class);
        sset.invokeExact("changed");
        System.out.println("fields " + (int) get.invokeExact(m) + " " + (long) getWide.invokeExact(m) + " " + (String) sget.invokeExact() + " " + sfield);
        MethodHandle tick = lk.findStatic(Main.class, "tick", MethodType.methodType(void.class));
        tick.invokeExact();
        tick.invoke();
        System.out.println("tick " + counter);

        // unreflect
        Method rm = Main.class.getDeclaredMethod("plus", int.class);
        System.out.println("unreflect " + lk.unreflect(rm).invoke(m, 3) + " " + lk.unreflectConstructor(Main.class.getDeclaredConstructor(int.class)).invoke(9)
            + " " + lk.unreflectGetter(Main.class.getDeclaredField("value")).invoke(m) + " " + d.unreflectSuper());
        lk.unreflectSetter(Main.class.getDeclaredField("value")).invoke(m, 8);
        System.out.println("unreflectSetter " + m.value);

        // combinators
        MethodHandle neg = lk.findStatic(Main.class, "negate", MethodType.methodType(int.class, int.class));
        MethodHandle pos = lk.findStatic(Main.class, "positive", MethodType.methodType(boolean.class, int.class));
        MethodHandle abs = MethodHandles.guardWithTest(pos, MethodHandles.identity(int.class), neg);
        System.out.println("gwt " + (int) abs.invokeExact(-4) + " " + (int) abs.invokeExact(4));
        MethodHandle add10 = MethodHandles.insertArguments(add, 1, 10);
        MethodHandle filtered = MethodHandles.filterArguments(add, 0, neg, neg);
        MethodHandle folded = MethodHandles.foldArguments(MethodHandles.dropArguments(add, 0, int.class), MethodHandles.dropArguments(neg, 1, int.class));
        MethodHandle permuted = MethodHandles.permuteArguments(lk.findStatic(Main.class, "mul", MethodType.methodType(long.class, long.class, int.class)).asType(MethodType.methodType(long.class, int.class, int.class)), MethodType.methodType(long.class, int.class, int.class), 1, 0);
        System.out.println("combinators " + add10.invoke(1) + " " + filtered.invoke(2, 3) + " " + folded.invoke(5, 6) + " " + permuted.invoke(3, 4));
        MethodHandle boom = lk.findStatic(Main.class, "boom", MethodType.methodType(int.class, int.class));
        MethodHandle caught = MethodHandles.catchException(boom, IllegalStateException.class, lk.findStatic(Main.class, "handler", MethodType.methodType(int.class, RuntimeException.class, int.class)));
        System.out.println("catch " + caught.invoke(5));
        MethodHandle cleanup = MethodHandles.tryFinally(MethodHandles.identity(int.class), MethodHandles.dropArguments(MethodHandles.identity(int.class), 0, Throwable.class));
        System.out.println("tryFinally " + cleanup.invoke(12));
        MethodHandle thrower = MethodHandles.throwException(int.class, UnsupportedOperationException.class);
        try {
            int r = (int) thrower.invokeExact(new UnsupportedOperationException("thrown by handle"));
            System.out.println(r);
        } catch (UnsupportedOperationException e) {
            System.out.println("throwException " + e.getMessage());
        }
        MethodHandle loopBody = MethodHandles.dropArguments(add, 2, int.class);
        MethodHandle counted = MethodHandles.countedLoop(MethodHandles.constant(int.class, 5), MethodHandles.constant(int.class, 0), MethodHandles.dropArguments(MethodHandles.dropArguments(add, 0), 0));
        System.out.println("countedLoop " + counted.invoke() + " " + loopBody.type());
        MethodHandle arrGet = MethodHandles.arrayElementGetter(int[].class);
        MethodHandle arrSet = MethodHandles.arrayElementSetter(String[].class);
        MethodHandle arrLen = MethodHandles.arrayLength(long[].class);
        MethodHandle arrNew = MethodHandles.arrayConstructor(double[].class);
        String[] sa = new String[2];
        arrSet.invoke(sa, 1, "set");
        System.out.println("arrays " + (int) arrGet.invokeExact(new int[] {4, 5, 6}, 2) + " " + Arrays.toString(sa) + " " + (int) arrLen.invokeExact(new long[9]) + " " + ((double[]) arrNew.invoke(3)).length);
        MethodHandle inv = MethodHandles.exactInvoker(ii_i);
        MethodHandle ginv = MethodHandles.invoker(MethodType.methodType(Object.class, Object.class, Object.class));
        System.out.println("invokers " + (int) inv.invokeExact(add, 1, 2) + " " + ginv.invoke(add, 3, 4) + " " + MethodHandles.spreadInvoker(ii_i, 0).invoke(add, new Object[] {5, 6}));
        MethodHandle zero = MethodHandles.zero(long.class);
        MethodHandle empty = MethodHandles.empty(MethodType.methodType(String.class, int.class));
        System.out.println("zero " + zero.invoke() + " " + empty.invoke(1) + " " + MethodHandles.constant(String.class, "k").invoke());

        // overloads, asType, MethodHandleInfo
        System.out.println("overloads " + lk.findStatic(Main.class, "describe", MethodType.methodType(String.class, Object.class)).invoke("s") + " " + lk.findStatic(Main.class, "describe", MethodType.methodType(String.class, String.class)).invoke("s"));
        MethodHandleInfo info = lk.revealDirect(plus);
        System.out.println("info " + info + " " + MethodHandleInfo.referenceKindToString(info.getReferenceKind()) + " " + info.getName() + " " + info.getMethodType() + " " + info.getDeclaringClass().getSimpleName());
        System.out.println("info " + lk.revealDirect(ctor) + " | " + lk.revealDirect(get) + " | " + lk.revealDirect(size) + " | " + lk.revealDirect(sset));
        Method reflected = info.reflectAs(Method.class, lk);
        System.out.println("reflectAs " + reflected);

        // proxies
        IntUnaryOperator op = MethodHandleProxies.asInterfaceInstance(IntUnaryOperator.class, neg);
        Supplier<?> sup = MethodHandleProxies.asInterfaceInstance(Supplier.class, MethodHandles.constant(Object.class, "supplied"));
        System.out.println("proxies " + op.applyAsInt(9) + " " + sup.get() + " " + MethodHandleProxies.isWrapperInstance(op));

        // errors
        try {
            String s = (String) add.invokeExact(1, 2);
            System.out.println(s);
        } catch (WrongMethodTypeException e) {
            System.out.println("WMTE " + e.getMessage());
        }
        try {
            int r = (int) add.invoke((Object) "x", 2);
            System.out.println(r);
        } catch (ClassCastException e) {
            System.out.println("CCE " + e.getMessage());
        }
        try {
            add.invoke(1);
        } catch (WrongMethodTypeException e) {
            System.out.println("arity " + e.getMessage());
        }
        try {
            lk.findVirtual(Main.class, "nope", MethodType.methodType(void.class));
        } catch (NoSuchMethodException e) {
            System.out.println(e + " / " + e.getCause());
        }
        try {
            lk.findStatic(Main.class, "plus", MethodType.methodType(int.class, int.class));
        } catch (IllegalAccessException e) {
            System.out.println(e + " / " + e.getCause());
        }
        try {
            lk.findGetter(Main.class, "missing", int.class);
        } catch (NoSuchFieldException e) {
            System.out.println(e + " / " + e.getCause());
        }
        try {
            MethodHandles.publicLookup().findVirtual(Main.class, "secret", MethodType.methodType(String.class, String.class));
        } catch (IllegalAccessException e) {
            System.out.println("publicLookup " + e.getMessage().replaceAll("@[0-9a-f]+", "@"));
        }
        try {
            int r = (int) boom.invokeExact(3);
            System.out.println(r);
        } catch (IllegalStateException e) {
            e.printStackTrace(System.out);
        }
        try {
            Object r = plus.invoke((Main) null, 1);
            System.out.println(r);
        } catch (NullPointerException e) {
            System.out.println("NPE via handle");
        }
        more(lk, m);
    }

    interface Greeter { default String greet(String n) { return "hi " + n; } private String p() { return "private in iface"; } }
    static class G implements Greeter {}
    static class H extends G { public String greet(String n) { return "hello " + n; } }
    static class Hid {
        static int peek(Main m) { return m.value; }
        static Object data(MethodHandles.Lookup l) throws IllegalAccessException { return MethodHandles.classData(l, "_", List.class); }
    }
    static int depth(int n) throws Throwable { return n == 0 ? 0 : 1 + (int) DEPTH.invokeExact(n - 1); }
    static MethodHandle DEPTH;

    // Interface dispatch, recursion through a handle, caller-sensitive methods bound to the
    // caller, hidden classes (nestmate, classData), a synchronized method entered through a
    // handle while another thread holds the lock.
    static void more(MethodHandles.Lookup lk, Main m) throws Throwable {
        MethodHandle greet = lk.findVirtual(Greeter.class, "greet", MethodType.methodType(String.class, String.class));
        MethodHandle greetG = lk.findVirtual(G.class, "greet", MethodType.methodType(String.class, String.class));
        MethodHandle priv = lk.findVirtual(Greeter.class, "p", MethodType.methodType(String.class));
        System.out.println("dispatch " + greet.invoke(new G(), "a") + " " + greet.invoke(new H(), "b") + " " + greetG.invoke(new H(), "c") + " " + priv.invoke(new H()) + " " + lk.revealDirect(greetG));
        DEPTH = lk.findStatic(Main.class, "depth", MethodType.methodType(int.class, int.class));
        System.out.println("depth " + depth(100));
        MethodHandle forName = lk.findStatic(Class.class, "forName", MethodType.methodType(Class.class, String.class));
        MethodHandle getClass = lk.findVirtual(Object.class, "getClass", MethodType.methodType(Class.class));
        MethodHandle hash = lk.findVirtual(Object.class, "hashCode", MethodType.methodType(int.class));
        System.out.println("caller-sensitive " + forName.invoke("Main$G") + " " + getClass.invoke("s") + " " + hash.invoke("abc") + " " + int[].class.getModule() + " " + MethodHandles.privateLookupIn(G.class, lk).lookupClass());
        byte[] bytes = Main.class.getResourceAsStream("Main$Hid.class").readAllBytes();
        MethodHandles.Lookup hl = lk.defineHiddenClass(bytes, true, MethodHandles.Lookup.ClassOption.NESTMATE);
        Class<?> hc = hl.lookupClass();
        MethodHandles.Lookup hl2 = lk.defineHiddenClassWithClassData(bytes, List.of("data", 7), true);
        System.out.println("hidden " + hc.isHidden() + " " + (hc.getNestHost() == Main.class) + " " + hl.findStatic(hc, "peek", MethodType.methodType(int.class, Main.class)).invoke(m)
            + " " + hl2.findStatic(hl2.lookupClass(), "data", MethodType.methodType(Object.class, MethodHandles.Lookup.class)).invoke(hl2));
        StringBuffer buf = new StringBuffer();
        java.util.concurrent.CountDownLatch locked = new java.util.concurrent.CountDownLatch(1);
        Thread holder = new Thread(() -> {
            synchronized (buf) {
                locked.countDown();
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
                buf.append("first ");
            }
        });
        holder.start();
        // The holder owns buf's monitor before main calls the synchronized append through the
        // handle (no race with the JVM's thread start-up).
        locked.await();
        lk.findVirtual(StringBuffer.class, "append", MethodType.methodType(StringBuffer.class, Object.class)).invoke(buf, "second");
        holder.join();
        System.out.println("synchronized " + buf);
    }
}
