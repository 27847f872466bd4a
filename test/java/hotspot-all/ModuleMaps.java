// The iteration order of the module graph's name maps (issue 15 item 2, branch st16r): the boot
// layer's nameToModule (a HashMap: ModuleLayer.getServicesCatalog registers each module's
// providers in its order) and each built-in loader's nameToModule (a ConcurrentHashMap:
// findMiscResource looks for a resource in no package, such as META-INF/services/..., module by
// module in its order). HotSpot's are archived with the full module graph, filled in the dump's
// module order; the embedded engine filled its own in another order within a bin, so a program
// that logs or loads services did the same work in another order and every later sample moved.
// Read through sun.misc.Unsafe (an --add-opens would turn the archived module graph off); both
// engines print the same (java's own archive may have another order: not compared with java).
import java.lang.reflect.Field;
import java.util.Map;

public class ModuleMaps {
    public static void main(String[] args) throws Exception {
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
        Field layerMap = ModuleLayer.class.getDeclaredField("nameToModule");
        print("boot layer", u.getObject(ModuleLayer.boot(), u.objectFieldOffset(layerMap)));
        Class<?> loaders = Class.forName("jdk.internal.loader.ClassLoaders");
        Field loaderMap = Class.forName("jdk.internal.loader.BuiltinClassLoader").getDeclaredField("nameToModule");
        for (String name : new String[] {"BOOT_LOADER", "PLATFORM_LOADER", "APP_LOADER"}) {
            Field lf = loaders.getDeclaredField(name);
            Object loader = u.getObject(u.staticFieldBase(lf), u.staticFieldOffset(lf));
            print(name, u.getObject(loader, u.objectFieldOffset(loaderMap)));
        }
    }

    static void print(String what, Object map) {
        StringBuilder sb = new StringBuilder(what).append(':');
        for (Object k : ((Map<?, ?>) map).keySet()) sb.append(' ').append(k);
        System.out.println(sb);
    }
}
