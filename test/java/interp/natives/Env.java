import java.util.Map;
import java.util.TreeMap;

/** System.getenv: single variables, the whole map, and the map's behaviour. */
public class Env {
  public static void main(String[] args) {
    System.out.println("HOME set: " + (System.getenv("HOME") != null));
    System.out.println("PATH equal: " + String.valueOf(System.getenv("PATH")).equals(System.getenv().get("PATH")));
    System.out.println("KOMORIUM_TEST_VAR=" + System.getenv("KOMORIUM_TEST_VAR"));
    System.out.println("KOMORIUM_TEST_EMPTY=[" + System.getenv("KOMORIUM_TEST_EMPTY") + "]");
    System.out.println("KOMORIUM_TEST_UNICODE=" + System.getenv("KOMORIUM_TEST_UNICODE"));
    System.out.println("missing: " + System.getenv("KOMORIUM_NO_SUCH_VARIABLE_X"));
    Map<String, String> env = System.getenv();
    TreeMap<String, String> mine = new TreeMap<>();
    for (Map.Entry<String, String> e : env.entrySet()) if (e.getKey().startsWith("KOMORIUM_TEST_")) mine.put(e.getKey(), e.getValue());
    System.out.println("mine: " + mine);
    try {
      env.put("X", "Y");
    } catch (UnsupportedOperationException e) {
      System.out.println("unmodifiable: " + e);
    }
    try {
      System.getenv(null);
    } catch (NullPointerException e) {
      System.out.println("null name: NPE");
    }
    ProcessBuilder pb = new ProcessBuilder("true");
    System.out.println("pb env has var: " + pb.environment().get("KOMORIUM_TEST_VAR"));
    System.out.println("size equal: " + (env.size() == pb.environment().size()));
  }
}
