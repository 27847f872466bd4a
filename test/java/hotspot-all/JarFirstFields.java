import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

// Reflection reads of private fields of several types after setAccessible, run with a jar ahead
// of this directory on the class path (branch jk38). java's launcher searches the jar for the
// main class first, drawing identity hashes on the main thread (the jar's streams, its manifest),
// so every later hash follows from how many it drew. Each Field.get makes a field accessor; the
// setter's asType converts two arguments, and MethodHandleImpl.makePairwiseConvertByEditor keys
// those conversions by their classes in a HashMap: the order of its bins (the classes' identity
// hashes) decides which LambdaForms are made and compiled, and which a later field finds cached.
public class JarFirstFields {
  static class P {
    private int i = 7;
    private long l = 8L;
    private double d = 1.5;
    private boolean b = true;
    private String s = "s";
    private List<Double> w = new ArrayList<>();
    private Integer boxed = 3;
    private Object o = "o";
    private CharSequence cs = "cs";
    private static String st = "st";
  }

  public static void main(String[] args) throws Exception {
    P p = new P();
    StringBuilder out = new StringBuilder();
    for (String n : new String[] { "i", "l", "d", "b", "s", "w", "boxed", "o", "cs", "st" }) {
      Field f = P.class.getDeclaredField(n);
      f.setAccessible(true);
      out.append(n).append('=').append(f.get(p)).append(' ');
    }
    System.out.println(out);
    // The hashes the main thread drew for this program's classes (not java's values: the
    // instrumented copy's archive holds other objects; the same on both engines).
    System.out.println(Integer.toHexString(System.identityHashCode(P.class)) + " " + Integer.toHexString(System.identityHashCode(JarFirstFields.class)));
  }
}
