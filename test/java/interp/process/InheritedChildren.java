import java.util.ArrayList;
import java.util.List;

/**
 * Many short-lived children with inherited output, waited for once they have probably exited
 * (the wait then finds a zombie and drains the pump of its output itself), some closing their
 * output before they exit, and a few (silent) started together and waited for in reverse order: each
 * child's output must come out once, whole and in order, and nothing may read a pipe that is
 * gone (or its descriptor, reused by the next child's pipe).
 */
public class InheritedChildren {
  static long spin(int n) {
    long s = 0;
    for (int k = 0; k < n; k++) s += k ^ (s >>> 3);
    return s;
  }

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 40;
    long sum = 0;
    for (int i = 0; i < n; i++) {
      ProcessBuilder pb;
      switch (i % 4) {
        case 0: pb = new ProcessBuilder("true"); break;
        case 1: pb = new ProcessBuilder("sh", "-c", "echo out $0; echo err $0 >&2", "" + i); break;
        case 2: pb = new ProcessBuilder("sh", "-c", "echo closing $0; exec >&- 2>&-; exit 3", "" + i); break;
        default: pb = new ProcessBuilder("sh", "-c", "exit $0", "" + (i % 7)); break;
      }
      Process p = pb.inheritIO().start();
      sum += spin(20000 * (i % 3));
      int code = p.waitFor();
      System.out.println(i + " exit " + code);
    }
    List<Process> batch = new ArrayList<>();
    for (int i = 0; i < 6; i++) batch.add(new ProcessBuilder("sh", "-c", "exit $0", "" + i).inheritIO().start());
    for (int i = batch.size() - 1; i >= 0; i--) System.out.println("batch " + i + " exit " + batch.get(i).waitFor());
    System.out.println("done " + n + " " + (sum != 0));
  }
}
