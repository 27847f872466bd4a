import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.util.Comparator;
import java.util.function.Function;

// Serializable lambdas and method references: round trips through ObjectOutputStream (which
// goes through writeReplace and the class's synthetic $deserializeLambda$), captured
// arguments, a serializable Comparator chain, and the SerializedLambda's description of the
// implementation method (what frameworks that inspect lambdas read).
public class Main {
    interface SFunction<T, R> extends Function<T, R>, Serializable {}

    static int triple(int x) { return 3 * x; }

    @SuppressWarnings("unchecked")
    static <T> T roundTrip(T o) throws Exception {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bos)) { out.writeObject(o); }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray()))) { return (T) in.readObject(); }
    }

    static SerializedLambda describe(Object lambda) throws Exception {
        Method m = lambda.getClass().getDeclaredMethod("writeReplace");
        m.setAccessible(true);
        return (SerializedLambda) m.invoke(lambda);
    }

    public static void main(String[] args) throws Exception {
        int base = 7;
        String suffix = "!";
        SFunction<Integer, String> f = x -> (x + base) + suffix;
        SFunction<Integer, Integer> ref = Main::triple;
        SFunction<String, Integer> len = String::length;
        SFunction<Integer, String> f2 = roundTrip(f);
        System.out.println(f2.apply(5) + " " + roundTrip(ref).apply(14) + " " + roundTrip(len).apply("seven"));
        Comparator<String> cmp = (Comparator<String> & Serializable) (a, b) -> Integer.compare(a.length(), b.length());
        Comparator<String> back = roundTrip(cmp);
        System.out.println(back.compare("aa", "b") + " " + back.compare("a", "bb"));
        Runnable r = (Runnable & Serializable) () -> System.out.println("deserialized runnable runs, base " + base);
        roundTrip(r).run();
        for (Object o : new Object[] {f, ref, len, cmp}) {
            SerializedLambda sl = describe(o);
            System.out.println(sl.getImplClass() + "." + sl.getImplMethodName() + sl.getImplMethodSignature() + " kind " + sl.getImplMethodKind()
                + " iface " + sl.getFunctionalInterfaceMethodName() + sl.getFunctionalInterfaceMethodSignature() + " captured " + sl.getCapturedArgCount());
        }
    }
}
