// Reflective calls whose target throws (issue 15): HotSpot's Reflection::invoke wraps the
// exception with THROW_ARG, running InvocationTargetException's Java constructor (Throwable.<init>,
// fillInStackTrace: counted with the JDK instrumented); the embedded engine set its fields.
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

public class ReflectThrows {
  static int fails(int n) { if (n % 2 == 0) throw new IllegalArgumentException("even " + n); return n; }
  ReflectThrows(String s) { if (s.isEmpty()) throw new IllegalStateException("empty"); }

  public static void main(String[] args) throws Exception {
    Method m = ReflectThrows.class.getDeclaredMethod("fails", int.class);
    Constructor<ReflectThrows> c = ReflectThrows.class.getDeclaredConstructor(String.class);
    int wrapped = 0;
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      try { m.invoke(null, i); } catch (InvocationTargetException e) { wrapped++; if (i < 3) sb.append(e.getCause()).append(' ').append(e.getTargetException() == e.getCause()).append('\n'); }
      try { c.newInstance(i % 3 == 0 ? "" : "x"); } catch (InvocationTargetException e) { wrapped++; if (i < 4) sb.append(e.getCause()).append('\n'); }
    }
    System.out.print(sb);
    System.out.println(wrapped + " wrapped");
  }
}
