import java.lang.reflect.Field;
import java.time.temporal.ChronoUnit;

/**
 * Identity hashes around the linking of JDK classes (issue 15 item 2): HotSpot's verifier gives
 * the mirror of every class it links that its CDS archive does not hold an identity hash first
 * (Verifier::verify, "eagerly allocate the identity hash code"), boot classes included, so `new`
 * of such a class draws one from the thread's generator, and loading it without linking does not.
 * The instrumented copy keeps an enum's MIDs in a holder class, linked at the enum's first MID
 * read (its `<clinit>`): a holder the archive lacks draws one too. With --instrument all both
 * engines print what HotSpot's copy prints (the embedded engine drew none of these before).
 */
public class LinkHashes {
  static int x = 7;

  static void print(String what) {
    System.out.print(what);
    System.out.print(' ');
    System.out.println(Integer.toHexString(System.identityHashCode(new Object())));
  }

  public static void main(String[] args) throws Exception {
    print("start");
    new java.text.Annotation("a");
    print("after new of a class read from lib/modules");
    Class<?> bidi = Class.forName("java.text.Bidi", false, null);
    print("after loading one without linking it");
    bidi.getDeclaredMethods();
    print("after its methods (linked)");
    Field f = LinkHashes.class.getDeclaredField("x");
    System.out.println(f.get(null));
    print("after a static field read through reflection (its accessor classes)");
    System.out.println(ChronoUnit.DECADES.getDuration());
    print("after an enum whose MID holder is not archived");
    System.out.println(Integer.toHexString(System.identityHashCode(java.text.Annotation.class)));
  }
}
