// Field offsets as Unsafe gives them to Java code (issue 15 item 2): HotSpot's layout (12-byte
// header, 4-byte references) of JDK and own classes: inheritance, fields of mixed sizes filling
// their superclass's gaps, references first after a superclass ending with one (JDK 25),
// Thread's @Contended fields, fields HotSpot injects (ClassLoader, Throwable), and static fields in
// the mirror. The embedded engine gave its field ids (4096 + 8n) before; java prints the same on
// both engines. Static offsets of instrumented classes move with the fields the profiler adds,
// on both engines alike: only an interface without methods (nothing instrumented) shows them here.
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;

public class FieldOffsets {
  static class A { byte b; long l; int i; Object o; short s; }
  static class B extends A { int x; Object y; boolean z; double d; }
  static class C extends B { char c; }
  static class H { boolean a; }
  static class I extends H { long l; int i; short s; byte b; Object o; }
  static class W { byte a; long b; byte c; long d; int e; short f; byte g; Object h; }
  static class W2 extends W { int a2; short b2; byte c2; long d2; Object e2; Object f2; boolean g2; }
  static class W3 extends W2 { byte x; byte y; byte z; char w; }
  static class M extends AbstractMap<Object, Object> { int a; Object b; long c; byte d; public Set<Map.Entry<Object, Object>> entrySet() { return null; } }
  static class T extends Thread { int a; long b; Object c; }
  static class T2 extends T { int z; }
  static class L extends ClassLoader { int a; Object b; }
  static class X extends Exception { int a; long b; Object c; }
  static class IE extends InternalError { int a; }
  interface Constants { String S = "s"; long J = 1L; byte B = 2; int I = 3; char C = 'c'; double D = 4.0; boolean Z = true; }

  public static void main(String[] args) throws Exception {
    Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
    f.setAccessible(true);
    sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
    Class<?>[] own = { A.class, B.class, C.class, H.class, I.class, W.class, W2.class, W3.class, M.class, T.class, T2.class, L.class, X.class, IE.class };
    Class<?>[] jdk = { java.util.HashMap.class, java.util.ArrayList.class, java.util.concurrent.ConcurrentHashMap.class, java.lang.Thread.class, java.util.concurrent.atomic.AtomicLong.class, java.io.ObjectStreamClass.class, java.util.LinkedHashMap.class, java.math.BigInteger.class };
    for (Class<?>[] group : new Class<?>[][] { own, jdk }) {
      for (Class<?> c : group) {
        StringBuilder sb = new StringBuilder(c.getName());
        for (Field x : c.getDeclaredFields()) {
          if (Modifier.isStatic(x.getModifiers())) continue;
          sb.append(' ').append(x.getName()).append('=').append(u.objectFieldOffset(x));
        }
        System.out.println(sb);
      }
    }
    StringBuilder sb = new StringBuilder("statics of " + Constants.class.getName());
    for (Field x : Constants.class.getDeclaredFields()) sb.append(' ').append(x.getName()).append('=').append(u.staticFieldOffset(x));
    System.out.println(sb);
    // A static field read through its base and offset (the mirror), once its class is initialised.
    Class.forName(Constants.class.getName());
    Field j = Constants.class.getDeclaredField("J");
    System.out.println("J through Unsafe: " + u.getLong(u.staticFieldBase(j), u.staticFieldOffset(j)));
    // An instance field through Unsafe, a subclass's object.
    C c = new C();
    c.l = 42;
    long off = u.objectFieldOffset(A.class.getDeclaredField("l"));
    u.putLong(c, off, u.getLong(c, off) + 1);
    System.out.println("l through Unsafe: " + c.l);
  }
}
