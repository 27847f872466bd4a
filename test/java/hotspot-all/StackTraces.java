import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;

// Stack traces that pass frames the transformation adds (reverse trampolines: the extended
// version of a native, abstract or interface method, which calls the original): the program's
// interface called on a lambda (its extended method calls the proxy's), a native that runs Java
// (Class.forName0 running a failing initialiser), reflection. The elements java shows, made and
// formatted for those frames only, on both engines.
public class StackTraces {
  interface Op { int apply(int x); }

  static int boom(int x) {
    if (x >= 0) throw new IllegalStateException("boom " + x);
    return x;
  }

  static class Fails { static final int X = boom(Integer.parseInt("1")); }

  static void describe(StringBuilder sb, Throwable t) {
    StackTraceElement[] st = t.getStackTrace();
    sb.append(t).append(": ").append(st.length).append(" frames\n");
    for (StackTraceElement e : st) sb.append("  ").append(e).append('\n');
  }

  public static void main(String[] args) throws Exception {
    StringBuilder sb = new StringBuilder();
    Op op = x -> boom(x);
    for (int i = 0; i < 3; i++) {
      try { op.apply(i); } catch (IllegalStateException e) { describe(sb, e); }
    }
    try { Class.forName("StackTraces$Fails"); } catch (ExceptionInInitializerError e) { describe(sb, e.getCause()); }
    try {
      StackTraces.class.getDeclaredMethod("boom", int.class).invoke(null, 7);
    } catch (InvocationTargetException e) {
      describe(sb, e.getCause());
      StringWriter w = new StringWriter();
      e.printStackTrace(new PrintWriter(w));
      sb.append(w);
    }
    System.out.print(sb);
  }
}
