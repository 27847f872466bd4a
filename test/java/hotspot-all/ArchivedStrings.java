import java.lang.reflect.Field;
import java.util.IdentityHashMap;
import java.util.Map;
import sun.misc.Unsafe;

/**
 * Strings and boxes of HotSpot's CDS archive (issue 15 item 2, branch arch25). The dump interns
 * more strings than the literals of the archive's classes ("transformHelper": the archived heap's
 * species names; "length": a MemberName name of the dump's run), each with its `hash` stored; on
 * JDK 17 each archived string and each box of the boxing caches also carries the identity hash
 * the dump gave it, so hashing one draws nothing and gives that value. Prints each literal's
 * stored `hash` (read through sun.misc.Unsafe before anything hashes it: 0 when not computed yet)
 * and identity hash, the boxes' identity hashes and an IdentityHashMap's order over them, then
 * the hash of a new object (the main thread's next draw). With --instrument all both engines
 * print what HotSpot's copy prints.
 */
public class ArchivedStrings {
  public static void main(String[] args) throws Exception {
    Field f = Unsafe.class.getDeclaredField("theUnsafe");
    f.setAccessible(true);
    Unsafe u = (Unsafe) f.get(null);
    long hash = u.objectFieldOffset(String.class.getDeclaredField("hash"));
    String[] literals = { "transformHelper", "length", "Ljava/lang/String;", "arch25: not archived" };
    for (String s : literals) System.out.println(s + " hash " + u.getInt(s, hash));
    System.out.println("start " + Integer.toHexString(System.identityHashCode(new Object())));
    for (String s : literals) System.out.println(s + " identity " + Integer.toHexString(System.identityHashCode(s)));
    Object[] boxes = { Integer.valueOf(7), Integer.valueOf(-128), Long.valueOf(3), Short.valueOf((short) 100), Byte.valueOf((byte) -1), Character.valueOf('a') };
    for (Object b : boxes) System.out.println(b.getClass().getSimpleName() + " " + b + " identity " + Integer.toHexString(System.identityHashCode(b)));
    Map<Integer, Integer> order = new IdentityHashMap<>();
    for (int i = 0; i < 24; i++) order.put(i, i);
    System.out.println("order " + order.keySet());
    System.out.println("end " + Integer.toHexString(System.identityHashCode(new Object())));
  }
}
