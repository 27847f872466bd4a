import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Run with and without live snapshots (test/unit/interp-live-determinism.test.ts): the same
 * profile. It works for a while (the snapshot thread writes meanwhile), then sorts for the first
 * time: with the JDK instrumented, the initialisers of the JDK's sort classes (TimSort,
 * ComparableTimSort, Arrays$LegacyMergeSort) are counted by whoever initialises them first, and
 * the snapshot thread, which sorted too, used to get there first. It reads system properties
 * too (the live-snapshot properties used to add keys to their table).
 */
public class DetLive {
  public static void main(String[] args) {
    int n = Integer.parseInt(args[0]);
    long sum = 0;
    for (int i = 1; i < n; i++) sum += Det.chain(i);
    List<String> words = new ArrayList<>();
    for (int i = 0; i < 50; i++) words.add(Integer.toString((i * 7919) % 1000));
    Collections.sort(words);
    Object[] copy = words.toArray();
    Arrays.sort(copy);
    String home = System.getProperty("user.home");
    String sep = System.getProperty("line.separator");
    System.out.println(sum + " " + copy[0] + " " + words.get(49) + " " + (home != null) + " " + sep.length());
  }
}
