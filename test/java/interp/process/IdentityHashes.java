import java.util.*;

/**
 * Identity hash codes of a single-threaded program: HotSpot draws them from the main thread's
 * xor-shift generator (fixed seeds), so they are the same in every run of java. (No string
 * concatenation with +: java links its invokedynamic with the JDK's java.lang.invoke code, which
 * hashes objects of its own; docs/INTERPRETER.md, "Identity hash codes".)
 */
public class IdentityHashes {
  public static void main(String[] args) {
    for (int i = 0; i < 5; i++) System.out.println(Integer.toHexString(new Object().hashCode()));
    System.out.println(new Object());
    System.out.println(System.identityHashCode(new int[3]));
    Object[] objs = new Object[200];
    for (int i = 0; i < objs.length; i++) objs[i] = new Object();
    long sum = 0;
    for (Object o : objs) sum += o.hashCode();
    System.out.print("sum of 200: ");
    System.out.println(sum);
    // A HashSet's iteration order follows the hashes.
    Set<Object> set = new HashSet<>();
    for (int i = 0; i < 8; i++) set.add(new Tagged(i));
    StringBuilder order = new StringBuilder();
    for (Object o : set) order.append(o).append(' ');
    System.out.println(order.toString().trim());
  }

  static final class Tagged {
    final int tag;

    Tagged(int tag) {
      this.tag = tag;
    }

    @Override
    public String toString() {
      return new StringBuilder("t").append(tag).toString();
    }
  }
}
