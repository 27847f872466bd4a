import java.io.ObjectStreamClass;
import java.io.Serializable;

/**
 * Default serialVersionUIDs (issue 15 item 2, branch arch25): ObjectStreamClass.computeDefaultSUID
 * asks the native `hasStaticInitializer`, whose JNI `GetStaticMethodID(cl, "<clinit>", "()V")`
 * makes HotSpot throw a NoSuchMethodError (its Java constructor runs) for a class without one,
 * then asks the superclass the same. Plain has no <clinit>, WithInit has one and its superclass
 * Object none, an array class none: three errors made and cleared on HotSpot.
 */
public class SerialSuid {
  static class Plain implements Serializable {
    int x = 1;
  }

  static class WithInit implements Serializable {
    static final Object SHARED = new Object();
    int y = 2;
  }

  public static void main(String[] args) {
    for (Class<?> c : new Class<?>[] { Plain.class, WithInit.class, Plain[].class }) {
      System.out.println(c.getSimpleName() + " " + ObjectStreamClass.lookup(c).getSerialVersionUID());
    }
  }
}
