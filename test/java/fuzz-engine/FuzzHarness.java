import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * Runs mutated classes on the embedded engine for scripts/fuzz-engine.ts, many per boot. It
 * prints "?" when it wants the next case and reads it from standard input: the case number
 * (int; negative: stop) and the class file (int length, bytes). Each class is defined by a
 * fresh loader, linked (getDeclaredMethods verifies it), and its static main(String[]) run,
 * or else it is initialised; then "=K outcome" is printed: "ok" or the Throwable's class (and
 * an InternalError's message). A case that leaves threads running ends the VM ("!threads"),
 * so that the next case starts in a fresh one.
 */
public class FuzzHarness {
  static final class Loader extends ClassLoader {
    Loader() { super(FuzzHarness.class.getClassLoader()); }
    Class<?> define(byte[] b) { return defineClass(null, b, 0, b.length); }
  }

  public static void main(String[] args) throws Exception {
    DataInputStream in = new DataInputStream(new FileInputStream(FileDescriptor.in));
    System.setIn(new ByteArrayInputStream(new byte[0]));
    PrintStream out = System.out;
    PrintStream err = System.err;
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    int threads = Thread.activeCount();
    while (true) {
      out.println("?");
      int k;
      byte[] b;
      try {
        k = in.readInt();
        if (k < 0) break;
        b = new byte[in.readInt()];
        in.readFully(b);
      } catch (EOFException e) {
        break;
      }
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
      if (Thread.activeCount() > threads) {
        out.println("!threads");
        Runtime.getRuntime().halt(0);
      }
    }
  }

  static String describe(Throwable t) {
    if (t == null) return "null";
    String s = t.getClass().getName();
    if (t instanceof InternalError) s += ": " + t.getMessage();
    return s.replace('\n', ' ');
  }
}
