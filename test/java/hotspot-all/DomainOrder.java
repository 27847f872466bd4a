/**
 * Identity hashes of protection domains and of the boot's modules on JDK 17 (branch jk39, Jackson
 * on JDK 17). Run with this class's directory first and two jars after it: a.jar holds DomainA,
 * b.jar DomainI and DomainB (the test builds them), so each jar is a code source of its own.
 * - HotSpot 17 hashes a domain when a class of it first resolves a supertype of another domain
 *   (SystemDictionary's protection-domain cache), interfaces first, as the class file is parsed:
 *   loading DomainA loads DomainI from b.jar (b.jar's domain is hashed at DomainI's Object), then
 *   hashes a.jar's domain (DomainI is not of it), then loads DomainB from b.jar (its zip streams
 *   draw). The embedded engine drew a.jar's domain after DomainB.
 * - java 17 maps the boot's module graph from its CDS archive: the built-in loaders' unnamed
 *   modules carry the dump's hashes, so hashing them draws nothing.
 * Each line from "domain a" on moved when either was missing.
 */
public class DomainOrder {
  static void hash(String what, Object o) {
    System.out.print(what);
    System.out.print(' ');
    System.out.println(Integer.toHexString(System.identityHashCode(o)));
  }

  public static void main(String[] args) throws Exception {
    hash("start", new Object());
    Class<?> a = Class.forName("DomainA");
    hash("loaded", new Object());
    hash("domain a", a.getProtectionDomain());
    hash("domain b", DomainB.class.getProtectionDomain());
    System.out.println(a.getDeclaredConstructor().newInstance());
    // Hashed, not printed: java's are the dump's values.
    System.identityHashCode(ClassLoader.getSystemClassLoader().getUnnamedModule());
    System.identityHashCode(ClassLoader.getPlatformClassLoader().getUnnamedModule());
    System.identityHashCode(Object.class.getModule());
    hash("modules", new Object());
    hash("end", new Object());
  }
}

interface DomainI {
  String name();
}

class DomainB {
  public String toString() {
    return "B";
  }
}

class DomainA extends DomainB implements DomainI {
  public String name() {
    return "A";
  }

  public String toString() {
    return name() + super.toString();
  }
}
