import java.io.IOException;
import java.io.ObjectStreamClass;
import java.io.Serializable;

/**
 * Default serialVersionUIDs and an archived mirror's hash (issue 15 item 2, branch sec25).
 * ObjectStreamClass's native hasStaticInitializer asks JNI for the class's <clinit> and, when it
 * finds one, for the superclass's: a lookup that finds none throws NoSuchMethodError on HotSpot
 * (its Java constructor runs, counted with the JDK instrumented) and the native clears it; the
 * lookup initialises the class first (Late's <clinit> runs inside it). IOException is not in
 * JDK 25's class list but its dump archived the mirror with a hash: hashing it draws nothing.
 * With --instrument all both engines print what HotSpot's copy prints.
 */
public class SerialUid {
  static class Plain implements Serializable {
    int a;
  }

  static class WithInit implements Serializable {
    static final Object O = new Object();
    int b;
  }

  static class Sub extends WithInit {
    static final Object P = new Object();
    int c;
  }

  static class Late implements Serializable {
    static { System.out.println("Late initialised"); }
    long d;
  }

  interface Marker extends Serializable {
    Object M = new Object();
  }

  static void print(String what, Object o) {
    System.out.print(what);
    System.out.print(' ');
    System.out.println(Integer.toHexString(System.identityHashCode(o)));
  }

  public static void main(String[] args) {
    print("object", new Object());
    print("IOException", IOException.class);
    print("object", new Object());
    Class<?>[] classes = { Plain.class, WithInit.class, Sub.class, Marker.class, int[].class, Late[].class, Late.class };
    for (Class<?> c : classes) System.out.println(c.getName() + " " + Long.toHexString(ObjectStreamClass.lookup(c).getSerialVersionUID()));
    print("object", new Object());
  }
}
