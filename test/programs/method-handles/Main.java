import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.function.IntBinaryOperator;

// java.lang.invoke: MethodHandles for static, virtual, special (private), constructor and
// field getters/setters, invokeExact vs invoke (with conversions), bindTo, insertArguments,
// filterReturnValue, guardWithTest, dropArguments, a catchException combinator, exceptions
// thrown through handles (stack traces printed), VarHandles (get/set/CAS on fields and array
// elements), and LambdaMetafactory by hand.
public class Main {
    private int counter;
    private String label = "lbl";
    static int twice(int x) { return 2 * x; }
    String greet(String who) { return label + ":" + who; }
    private int bump(int by) { return counter += by; }
    static int fail(int x) { if (x < 0) throw new IllegalArgumentException("negative " + x); return x; }
    static boolean isEven(int x) { return x % 2 == 0; }
    static String even(int x) { return x + " is even"; }
    static String odd(int x) { return x + " is odd"; }
    static int recover(IllegalArgumentException e, int x) { return -1000; }
    static int add(int a, int b) { return a + b; }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup lk = MethodHandles.lookup();
        MethodHandle twice = lk.findStatic(Main.class, "twice", MethodType.methodType(int.class, int.class));
        System.out.println((int) twice.invokeExact(21) + " " + twice.invoke(Integer.valueOf(5)) + " " + twice.type());
        Main m = new Main();
        MethodHandle greet = lk.findVirtual(Main.class, "greet", MethodType.methodType(String.class, String.class));
        System.out.println((String) greet.invokeExact(m, "world") + " " + greet.bindTo(m).invoke("bound"));
        MethodHandle bump = lk.findSpecial(Main.class, "bump", MethodType.methodType(int.class, int.class), Main.class);
        bump.invoke(m, 5);
        System.out.println("bump " + (int) bump.invoke(m, 10));
        MethodHandle ctor = lk.findConstructor(StringBuilder.class, MethodType.methodType(void.class, String.class));
        StringBuilder sb = (StringBuilder) ctor.invoke("init");
        System.out.println(sb.append("+").toString());
        MethodHandle getter = lk.findGetter(Main.class, "label", String.class), setter = lk.findSetter(Main.class, "label", String.class);
        setter.invoke(m, "changed");
        System.out.println(getter.invoke(m) + " " + m.greet("x"));
        MethodHandle len = lk.findVirtual(String.class, "length", MethodType.methodType(int.class));
        MethodHandle twiceLen = MethodHandles.filterReturnValue(len, twice);
        System.out.println("twice length " + (int) twiceLen.invokeExact("abcd"));
        MethodHandle add5 = MethodHandles.insertArguments(lk.findStatic(Main.class, "add", MethodType.methodType(int.class, int.class, int.class)), 0, 5);
        System.out.println("add5 " + add5.invoke(37));
        MethodHandle choose = MethodHandles.guardWithTest(
            lk.findStatic(Main.class, "isEven", MethodType.methodType(boolean.class, int.class)),
            lk.findStatic(Main.class, "even", MethodType.methodType(String.class, int.class)),
            lk.findStatic(Main.class, "odd", MethodType.methodType(String.class, int.class)));
        System.out.println(choose.invoke(4) + ", " + choose.invoke(7));
        MethodHandle safe = MethodHandles.catchException(lk.findStatic(Main.class, "fail", MethodType.methodType(int.class, int.class)), IllegalArgumentException.class,
            lk.findStatic(Main.class, "recover", MethodType.methodType(int.class, IllegalArgumentException.class, int.class)));
        System.out.println("safe " + safe.invoke(3) + " " + safe.invoke(-3));
        MethodHandle dropped = MethodHandles.dropArguments(twice, 0, String.class);
        System.out.println("dropped " + dropped.invoke("ignored", 8));
        try {
            MethodHandle failing = lk.findStatic(Main.class, "fail", MethodType.methodType(int.class, int.class));
            int r = (int) failing.invokeExact(-1);
            System.out.println(r);
        } catch (IllegalArgumentException e) {
            e.printStackTrace(System.out);
        }
        try {
            String wrong = (String) twice.invoke(1);
            System.out.println(wrong);
        } catch (ClassCastException | java.lang.invoke.WrongMethodTypeException e) {
            System.out.println("wrong type: " + e.getClass().getSimpleName());
        }
        VarHandle vh = lk.findVarHandle(Main.class, "counter", int.class);
        vh.set(m, 100);
        System.out.println("varhandle " + vh.get(m) + " cas " + vh.compareAndSet(m, 100, 200) + " " + vh.compareAndSet(m, 100, 300) + " add " + vh.getAndAdd(m, 5) + " now " + m.counter);
        VarHandle avh = MethodHandles.arrayElementVarHandle(long[].class);
        long[] arr = new long[4];
        avh.set(arr, 2, 99L);
        avh.getAndAdd(arr, 2, 1L);
        System.out.println(java.util.Arrays.toString(arr));
        CallSite site = LambdaMetafactory.metafactory(lk, "applyAsInt", MethodType.methodType(IntBinaryOperator.class), MethodType.methodType(int.class, int.class, int.class),
            lk.findStatic(Main.class, "add", MethodType.methodType(int.class, int.class, int.class)), MethodType.methodType(int.class, int.class, int.class));
        IntBinaryOperator op = (IntBinaryOperator) site.getTarget().invoke();
        System.out.println("metafactory " + op.applyAsInt(20, 22));
        MethodHandle listGet = lk.findVirtual(List.class, "get", MethodType.methodType(Object.class, int.class));
        System.out.println("interface handle " + listGet.invoke(List.of("a", "b", "c"), 1) + " constant " + new ConstantCallSite(MethodHandles.constant(String.class, "k")).dynamicInvoker().invoke());
        MethodHandle spread = MethodHandles.lookup().findStatic(String.class, "join", MethodType.methodType(String.class, CharSequence.class, CharSequence[].class)).asVarargsCollector(CharSequence[].class);
        System.out.println(spread.invoke("/", "x", "y", "z"));
    }
}
