import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * Defines each class file named on the command line in a fresh class loader (without a name,
 * as a fuzzer's harness does), links it, and runs its static main or initialises it. Prints one
 * line per file: "ok" or the Throwable, with the loader's identity hash (which differs from run
 * to run) replaced by HASH. Used by test/unit/engine-class-format.test.ts on java and the engine.
 */
public class DefineBytes {
  static final class Loader extends ClassLoader {
    Loader() { super(DefineBytes.class.getClassLoader()); }
    Class<?> define(String name, byte[] b) { return defineClass(name, b, 0, b.length); }
  }

  public static void main(String[] args) throws Exception {
    for (String a : args) {
      // "path" defines without a name; "name=path" with that binary name.
      int eq = a.indexOf('=');
      String name = eq < 0 ? null : a.substring(0, eq);
      byte[] b = Files.readAllBytes(Paths.get(eq < 0 ? a : a.substring(eq + 1)));
      Loader l = new Loader();
      String result;
      try {
        Class<?> c = l.define(name, b);
        c.getDeclaredMethods();
        Method m = null;
        try {
          m = c.getDeclaredMethod("main", String[].class);
        } catch (NoSuchMethodException e) {
          // no main: initialise it
        }
        if (m != null && Modifier.isStatic(m.getModifiers())) {
          m.setAccessible(true);
          m.invoke(null, (Object) new String[0]);
        } else {
          Class.forName(c.getName(), true, l);
        }
        result = "ok";
      } catch (InvocationTargetException e) {
        result = String.valueOf(e.getCause());
      } catch (Throwable t) {
        result = String.valueOf(t);
      }
      String hash = "@" + Integer.toHexString(System.identityHashCode(l));
      System.out.println(a.substring(a.lastIndexOf('/') + 1) + ": " + result.replace(hash, "@HASH"));
    }
  }
}
