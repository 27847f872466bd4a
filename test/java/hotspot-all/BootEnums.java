import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Proxy;
import java.util.Set;

// Classes the embedded engine's boot initialised and java's does not (boot-uninit.ts): java's
// boot layer comes from the CDS archive, so ModuleDescriptor$Modifier, jdk.internal.module.Modules
// and, on JDK 20+, AccessFlag and AccessFlag$Location (read by Modifier.<clinit>) are first
// initialised here, under main: by a descriptor with a modifier, and by a dynamic proxy's module
// (Proxy$ProxyBuilder.getDynamicModule).
public class BootEnums {
  public static void main(String[] args) {
    ModuleDescriptor d = ModuleDescriptor.newModule("boot.enums", Set.of(ModuleDescriptor.Modifier.SYNTHETIC)).requires("java.base").build();
    System.out.println(d.name() + " " + d.modifiers() + " " + d.isAutomatic() + " " + d.requires().size());
    Runnable r = (Runnable) Proxy.newProxyInstance(BootEnums.class.getClassLoader(), new Class<?>[] {Runnable.class}, (p, m, a) -> {
      System.out.println("proxied " + m.getName());
      return null;
    });
    r.run();
    System.out.println(r.getClass().getModule().isNamed());
  }
}
