import java.lang.invoke.MethodType;
import java.util.*;

/**
 * Work whose amount follows identity hashes (branch ident15k): a HashSet of new objects (the main
 * thread's hash sequence after main starts), a HashMap keyed by JDK classes (their mirrors'
 * hashes: on HotSpot those of its CDS archive, drawn at the dump) and MethodTypes of JDK classes
 * (MethodType's hash is its classes' hashes: the bins of the intern set that
 * `MethodType.methodType` looks up). Each element's work depends on its place in the iteration, so
 * the profile shows the order; the output does not (java's archive has other hashes than the
 * instrumented copy's).
 */
public class ClassHashes {
  static long acc;

  static void spin(int n) {
    for (int i = 0; i < n; i++) acc += i;
  }

  public static void main(String[] args) {
    // A concatenation first: its linkage (paused on HotSpot) initialises java.lang.invoke's
    // classes (Wrapper...) before the work below, on both engines.
    String label = "parameters: " + args.length;
    Set<Object> objects = new HashSet<>();
    for (int i = 0; i < 16; i++) objects.add(new Object());
    int place = 0;
    for (Object o : objects) spin(++place * (objects.size() + place));
    Class<?>[] classes = {
      String.class, Integer.class, Long.class, int.class, long.class, void.class, boolean.class, double.class,
      Object.class, Object[].class, int[].class, long[].class, byte[].class, String[].class, Number.class,
      HashMap.class, ArrayList.class, Thread.class, Runnable.class, CharSequence.class, Comparable.class,
      MethodType.class, Class.class, StringBuilder.class, Math.class, System.class, Map.class, List.class,
    };
    Map<Class<?>, Integer> byClass = new HashMap<>();
    for (int i = 0; i < classes.length; i++) byClass.put(classes[i], i);
    place = 0;
    for (Map.Entry<Class<?>, Integer> e : byClass.entrySet()) spin(++place * (e.getValue() + 1));
    Set<Class<?>> seen = new HashSet<>(Arrays.asList(classes));
    place = 0;
    for (Class<?> c : seen) spin(++place * 3);
    // A few dozen new MethodTypes: a lookup in the intern set walks the bin their hash picks
    // (more would grow the set, whose weakly held entries HotSpot's collector clears at its times).
    int types = 0;
    for (int i = 0; i < 8; i++) {
      for (int j = 0; j < 8; j++) {
        if (classes[j] == void.class) continue;
        types += MethodType.methodType(classes[i], classes[j]).parameterCount();
        types += MethodType.methodType(classes[i], classes[j], classes[j]).parameterCount();
      }
    }
    System.out.println(label);
    System.out.println(objects.size());
    System.out.println(byClass.size());
    System.out.println(seen.size());
    System.out.println(types);
  }
}
