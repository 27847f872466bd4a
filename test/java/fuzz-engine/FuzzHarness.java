import java.io.File;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;

/**
 * Runs mutated classes on the embedded engine for scripts/fuzz-engine.ts: each case's class
 * (DIR/K.class) is defined by a fresh loader, linked (getDeclaredMethods verifies it), and its
 * static main(String[]) run, or else it is initialised. "#K" is printed before a case and
 * "=K outcome" after it: "ok" or the Throwable's class (and an InternalError's message).
 */
public class FuzzHarness {
  static final class Loader extends ClassLoader {
    Loader() { super(FuzzHarness.class.getClassLoader()); }
    Class<?> define(byte[] b) { return defineClass(null, b, 0, b.length); }
  }

  public static void main(String[] args) throws Exception {
    File dir = new File(args[0]);
    int from = Integer.parseInt(args[1]);
    int to = Integer.parseInt(args[2]);
    PrintStream out = System.out;
    PrintStream err = System.err;
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    for (int k = from; k < to; k++) {
      File f = new File(dir, k + ".class");
      if (!f.exists()) continue;
      byte[] b = Files.readAllBytes(f.toPath());
      out.println("#" + k);
      String result;
      System.setOut(quiet);
      System.setErr(quiet);
      try {
        Loader l = new Loader();
        Class<?> c = l.define(b);
        c.getDeclaredMethods();
        Method m = null;
        try {
          m = c.getDeclaredMethod("main", String[].class);
        } catch (NoSuchMethodException e) {
          // no main: initialise it
        }
        if (m != null && Modifier.isStatic(m.getModifiers())) {
          m.setAccessible(true);
          m.invoke(null, (Object) new String[0]);
        } else {
          Class.forName(c.getName(), true, l);
        }
        result = "ok";
      } catch (InvocationTargetException e) {
        result = describe(e.getCause());
      } catch (Throwable t) {
        result = describe(t);
      }
      System.setOut(out);
      System.setErr(err);
      out.println("=" + k + " " + result);
    }
  }

  static String describe(Throwable t) {
    if (t == null) return "null";
    String s = t.getClass().getName();
    if (t instanceof InternalError) s += ": " + t.getMessage();
    return s.replace('\n', ' ');
  }
}
