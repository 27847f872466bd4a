// java.base's Module.exportedPackages in its iteration order, read after reflective calls whose
// module checks look packages up in it (Reflection.verifyModuleAccess), and a proxy the program
// asks LambdaMetafactory for (LambdaProxyClassArchive.find: java maps its archive, so find goes
// on to findFromArchive). Reflection filters Module's fields, so the map's offset comes from
// jdk.internal.misc.Unsafe, called through Method.invoke once this class's mirror names java.base
// (reflection's module check reads Class.module); an --add-exports would turn the archived module
// graph off. Test: hotspot-all-hashes.test.ts, ModuleExports.
import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntBinaryOperator;

public class ModuleExports {
    static int add(int a, int b) {
        return a + b;
    }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup lk = MethodHandles.lookup();
        MethodType op = MethodType.methodType(int.class, int.class, int.class);
        CallSite site = LambdaMetafactory.metafactory(lk, "applyAsInt", MethodType.methodType(IntBinaryOperator.class), op, lk.findStatic(ModuleExports.class, "add", op), op);
        System.out.println("metafactory " + ((IntBinaryOperator) site.getTarget().invoke()).applyAsInt(20, 22));
        Object[] targets = {"abc", new ArrayList<>(java.util.List.of(1, 2)), new ConcurrentHashMap<>(Map.of("k", 1)), new StringBuilder("xy")};
        for (Object o : targets) {
            Method m = o.getClass().getMethod(o instanceof CharSequence ? "length" : "size");
            System.out.println(o.getClass().getName() + " " + m.invoke(o));
        }
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
        u.putObject(ModuleExports.class, u.objectFieldOffset(Class.class.getDeclaredField("module")), Object.class.getModule());
        Class<?> internal = Class.forName("jdk.internal.misc.Unsafe");
        Object ju = internal.getMethod("getUnsafe").invoke(null);
        long offset = (Long) internal.getMethod("objectFieldOffset", Class.class, String.class).invoke(ju, Module.class, "exportedPackages");
        Map<?, ?> exported = (Map<?, ?>) u.getObject(Object.class.getModule(), offset);
        StringBuilder sb = new StringBuilder("java.base exports ").append(exported.size()).append(':');
        for (Object k : exported.keySet()) sb.append(' ').append(k);
        System.out.println(sb);
    }
}
