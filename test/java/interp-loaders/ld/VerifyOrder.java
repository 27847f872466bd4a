package ld;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The order in which a class's verification asks its loader for classes. HotSpot verifies a
 * class's methods in the order of its method array, which the class file parser sorts by the
 * addresses of the name Symbols (`Method::sort_methods`): the VM's own names (`<init>`,
 * `<clinit>`, `main`) first, then the names the CDS archive holds (`add`), then the names the
 * run makes (`qqqFirst`); not the class file's order (`qqqFirst`, `add`, `<clinit>`). Each
 * method's check of a subclass against its declared type loads the type, then the subclass.
 * Both engines print java's order (docs/BENCHMARKS.md, "pos25").
 */
public class VerifyOrder {
  static final List<String> asked = new ArrayList<>();

  static final class Recording extends ClassLoader {
    Recording() {
      super(VerifyOrder.class.getClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (name.startsWith("ld.VerifyOrder$") && !name.equals("ld.VerifyOrder$Recording")) {
        asked.add(name.substring("ld.VerifyOrder$".length()));
        try (InputStream in = VerifyOrder.class.getResourceAsStream("/" + name.replace('.', '/') + ".class")) {
          if (in == null) throw new ClassNotFoundException(name);
          byte[] b = in.readAllBytes();
          return defineClass(name, b, 0, b.length);
        } catch (IOException e) {
          throw new ClassNotFoundException(name, e);
        }
      }
      return super.loadClass(name, resolve);
    }
  }

  static class BaseA {}

  static class SubA extends BaseA {}

  static class BaseB {}

  static class SubB extends BaseB {}

  static class BaseC {}

  static class SubC extends BaseC {}

  static class BaseD {}

  static class SubD extends BaseD {}

  /** Verified by the recording loader: each method checks a subclass against its declared type. */
  static class Target {
    static BaseC c = new SubC();

    static BaseA qqqFirst() {
      return new SubA();
    }

    static BaseB add() {
      return new SubB();
    }

    public static void main(String[] args) {
      BaseD d = pick(new SubD());
      System.out.println(d);
    }

    static BaseD pick(BaseD d) {
      return d;
    }
  }

  public static void main(String[] args) throws Exception {
    Class.forName("ld.VerifyOrder$Target", true, new Recording());
    System.out.println("asked " + asked);
  }
}
