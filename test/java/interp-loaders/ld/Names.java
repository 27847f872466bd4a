package ld;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a class loader is asked, and when: superinterfaces before the superclass, no lookup of
 * a name that is not a class name or array descriptor, array classes of a loader's class, and
 * the signers a loader sets.
 */
public class Names {
  static final List<String> asked = new ArrayList<>();

  static final class Recording extends ClassLoader {
    Recording() {
      super(Names.class.getClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (name.startsWith("ld.Names$")) asked.add(name);
      if (name.startsWith("ld.Names$") && !name.equals("ld.Names$Recording")) {
        try (InputStream in = Names.class.getResourceAsStream("/" + name.replace('.', '/') + ".class")) {
          if (in == null) throw new ClassNotFoundException(name);
          byte[] b = in.readAllBytes();
          return defineClass(name, b, 0, b.length);
        } catch (IOException e) {
          throw new ClassNotFoundException(name, e);
        }
      }
      return super.loadClass(name, resolve);
    }

    void signers(Class<?> c, Object[] s) {
      setSigners(c, s);
    }
  }

  interface I1 {}

  interface I2 {}

  static class Base {}

  static class Child extends Base implements I1, I2 {}

  public static void main(String[] args) throws Exception {
    Recording r = new Recording();
    Class<?> c = Class.forName("ld.Names$Child", true, r);
    System.out.println("order " + asked);
    asked.clear();
    String[] names = {
      "java.lang.String[]", "[Ljava.lang.String;", "[Lld.Names$Child;", "[[I", "[Lld.Names$Nope;", "ld.Names$Child[]",
      "[I[]", "", "ld..Names", "ld/Names", "[L;", "[V", "[Lld.Names$Child", "ld.Names;", ".ld.Names",
    };
    for (String n : names) {
      try {
        Class<?> a = Class.forName(n, false, r);
        System.out.println("'" + n + "' -> " + a.getName() + (a.getClassLoader() == r ? " (the loader's)" : ""));
      } catch (Throwable t) {
        System.out.println("'" + n + "' -> " + t);
      }
    }
    System.out.println("asked " + asked);
    System.out.println("signers before " + Arrays.toString(c.getSigners()));
    Object[] s = {"s1", "s2"};
    r.signers(c, s);
    s[1] = "changed";
    Object[] got = c.getSigners();
    System.out.println("signers " + Arrays.toString(got) + " copy " + (got != s));
    r.signers(int.class, s);
    r.signers(String[].class, s);
    System.out.println("primitive and array " + int.class.getSigners() + " " + String[].class.getSigners());
    Object arr = java.lang.reflect.Array.newInstance(c, 2);
    System.out.println(arr.getClass().getName() + " " + (arr.getClass().getClassLoader() == r) + " " + arr.getClass().getComponentType().getName());
  }
}
