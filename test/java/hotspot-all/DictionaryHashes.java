import java.net.URL;
import java.net.URLClassLoader;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * Identity hashes on JDK 17 where the embedded engine drew where HotSpot's instrumented copy did
 * not, or the other way round (issue 15 item 2, corpus streams-collectors and java-time; branch ih38):
 * - the mirrors of classes the copy's CDS archive holds although its class list does not name them
 *   (ToLongFunction, ToIntFunction, ToDoubleFunction: the dump loaded them besides the list) carry
 *   the dump's hash, so hashing them draws nothing;
 * - the protection domain of a class a Java loader defines from a new code source is hashed when
 *   the class's superclass is resolved with it (SystemDictionary's protection-domain cache, JDK 17).
 * Each line after "start" moved when either was missing.
 */
public class DictionaryHashes {
  static void hash(String what, Object o) {
    System.out.print(what);
    System.out.print(' ');
    System.out.println(Integer.toHexString(System.identityHashCode(o)));
  }

  public static class Loaded {}

  public static void main(String[] args) throws Exception {
    hash("start", new Object());
    hash("ToLongFunction", ToLongFunction.class);
    hash("ToIntFunction", ToIntFunction.class);
    hash("ToDoubleFunction", ToDoubleFunction.class);
    hash("after mirrors", new Object());
    URL here = DictionaryHashes.class.getProtectionDomain().getCodeSource().getLocation();
    // A loader of its own (parent: the boot loader) defines Loaded again from the same directory:
    // a new ProtectionDomain, hashed when Loaded's superclass is resolved.
    try (URLClassLoader own = new URLClassLoader(new URL[] {here}, null)) {
      hash("loader", own);
      Class<?> c = Class.forName("DictionaryHashes$Loaded", false, own);
      System.out.println(c.getClassLoader() == own);
      hash("after define", new Object());
      hash("domain", c.getProtectionDomain());
    }
    hash("end", new Object());
  }
}
