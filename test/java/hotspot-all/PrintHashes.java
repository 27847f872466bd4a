import java.util.*;

/**
 * Identity hashes as a program prints them (branch ident15k): new objects (the main thread's
 * generator after the draws java's launcher made), JDK classes (on HotSpot their CDS archive's
 * hashes, no draw), and new objects after a string concatenation and a lambda (their linkage
 * defines hidden classes, whose mirrors HotSpot hashes). With --instrument all both engines print
 * what HotSpot's instrumented copy prints; plain java prints other values (its own archive, two
 * more draws before main on JDK 17).
 */
public class PrintHashes {
  static void print(String what, Object o) {
    System.out.print(what);
    System.out.print(' ');
    System.out.println(Integer.toHexString(System.identityHashCode(o)));
  }

  public static void main(String[] args) {
    print("object", new Object());
    print("main class", PrintHashes.class);
    Class<?>[] classes = { String.class, Object.class, int.class, void.class, long[].class, byte[].class, Object[].class, HashMap.class, Thread.class, Runnable.class };
    for (Class<?> c : classes) print(c.getName(), c);
    print("object", new Object());
    String concatenated = "n=" + args.length;
    print("after a concatenation", new Object());
    Runnable lambda = () -> System.out.println(concatenated);
    lambda.run();
    print("after a lambda", new Object());
    Set<Class<?>> set = new HashSet<>(Arrays.asList(classes));
    StringBuilder order = new StringBuilder();
    for (Class<?> c : set) order.append(c.getSimpleName()).append(' ');
    System.out.println(order.toString().trim());
  }
}
