import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Comparator;

// The order of Class.getDeclaredMethods and getDeclaredConstructors (issue 15): HotSpot sorts a
// class's methods when it parses it, by the addresses of the name Symbols (the CDS archive's
// symbols first, in the archive's order, then the names made in the run, in the order they were
// made), with its own quicksort (overloads and constructors come out in its order). Code that
// walks the list does work that depends on where a method is: getEnclosingMethod stops at the
// first candidate that matches, a sort of the list does more or less work.
public class MethodOrder {
  static final class Holder {
    int n;
    Holder() { this(1); }
    Holder(int n) { this.n = n; }
    Holder(String s) { this(s.length()); }
    Holder(int a, int b) { this(a + b); }
    void zqZeta() { n++; }
    void zqAlpha() { n--; }
    public void run() { n += 2; }
    public String toString() { return "holder " + n; }
    void mid() { n *= 2; }
    void delta(int d) { n += d; }
    void delta(long d) { n += (int) d; }
    void delta() { n += 3; }
    static int size() { return 4; }
    void zqBeta() { n ^= 1; }
    Object target() {
      class Local {
        public String toString() { return "local"; }
      }
      return new Local();
    }
    void zqGamma() { n >>= 1; }
  }

  public static void main(String[] args) {
    StringBuilder sb = new StringBuilder();
    for (Method m : Holder.class.getDeclaredMethods()) sb.append(m.getName()).append(m.getParameterCount()).append(' ');
    // Constructors too (one name: HotSpot's quicksort orders them), not printed: the copy's
    // classes have the transformer's methods besides, so their order is not java's.
    int params = 0;
    for (Constructor<?> c : Holder.class.getDeclaredConstructors()) params = params * 3 + c.getParameterCount();
    System.out.println(sb);
    Object local = new Holder().target();
    int found = 0;
    for (int i = 0; i < 40; i++) if ("target".equals(local.getClass().getEnclosingMethod().getName())) found++;
    Method[] ms = Holder.class.getDeclaredMethods();
    Arrays.sort(ms, Comparator.comparing(Method::getName).thenComparing(Method::getParameterCount));
    StringBuilder sorted = new StringBuilder();
    for (Method m : ms) sorted.append(m.getName()).append(' ');
    System.out.println(found + " " + sorted + (params > 0));
  }
}
