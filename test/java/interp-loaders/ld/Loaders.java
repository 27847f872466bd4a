package ld;

import java.io.IOException;
import java.io.InputStream;

/**
 * Class loaders that define classes themselves (ld.iso.*), as plugin systems and test
 * frameworks do: the catch clause of a class matches by the class its own loader resolves,
 * not by name, and a loader that delegates nothing but java.* still runs instrumented code.
 */
public class Loaders {
  /** Defines ld.iso.* from this class's own resources; asks the boot loader for java.* only. */
  static final class Isolating extends ClassLoader {
    private final String label;

    Isolating(String label) {
      super(null);
      this.label = label;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c != null) return c;
        if (name.startsWith("java.")) return Class.forName(name, false, null);
        if (!name.startsWith("ld.iso.")) throw new ClassNotFoundException(name);
        try (InputStream in = Loaders.class.getResourceAsStream("/" + name.replace('.', '/') + ".class")) {
          if (in == null) throw new ClassNotFoundException(name);
          byte[] b = in.readAllBytes();
          return defineClass(name, b, 0, b.length);
        } catch (IOException e) {
          throw new ClassNotFoundException(name, e);
        }
      }
    }

    @Override
    public String toString() {
      return label;
    }
  }

  public static void main(String[] args) throws Exception {
    ClassLoader a = new Isolating("A");
    ClassLoader b = new Isolating("B");
    Class<?> workA = a.loadClass("ld.iso.Work");
    System.out.println("sum " + workA.getMethod("sum", int.class).invoke(null, 2000));
    Class<?> oopsB = b.loadClass("ld.iso.Oops");
    System.out.println("same name, other class: " + (oopsB != a.loadClass("ld.iso.Oops")));
    RuntimeException fromB = (RuntimeException) oopsB.getConstructor(String.class).newInstance("thrown by B's class");
    // A's catch (Oops) does not catch B's Oops: it passes to the catch (RuntimeException).
    System.out.println(workA.getMethod("guard", RuntimeException.class).invoke(null, fromB));
    RuntimeException fromA = (RuntimeException) a.loadClass("ld.iso.Oops").getConstructor(String.class).newInstance("thrown by A's class");
    System.out.println(workA.getMethod("guard", RuntimeException.class).invoke(null, fromA));
  }
}
