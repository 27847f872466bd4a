// Class initialisations that fail (issue 15): HotSpot records the error that later
// NoClassDefFoundErrors take as their cause with Java code (a new ExceptionInInitializerError
// with a message, the original's getStackTrace()), then throws ExceptionInInitializerError(cause)
// through its Java constructor; the embedded engine set those fields without running any.
public class ClassInitFailure {
  static class Divides { static final int X = 1 / Integer.parseInt("0"); static void touch() {} }
  static class Throws { static { if (Boolean.parseBoolean("true")) throw new IllegalStateException("no " + ClassInitFailure.class.getSimpleName()); } static int y; }
  static class Errors { static { if (Boolean.parseBoolean("true")) throw new AssertionError("an Error is rethrown as it is"); } }
  static class Sub extends Throws { static int z = 3; }

  static int deep(int n) { if (n == 0) return Divides.X; return deep(n - 1) + 1; }

  public static void main(String[] args) {
    int failures = 0;
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 3; i++) {
      try { deep(i * 4); } catch (Throwable e) { failures++; sb.append(e).append(" <- ").append(e.getCause()).append('\n'); }
      try { Throws.y++; } catch (Throwable e) { failures++; sb.append(e).append(" <- ").append(e.getCause()).append('\n'); }
      try { new Errors(); } catch (Throwable e) { failures++; sb.append(e).append(" <- ").append(e.getCause()).append('\n'); }
      try { System.out.println(Sub.z); } catch (Throwable e) { failures++; sb.append(e).append('\n'); }
    }
    try { Class.forName("ClassInitFailure$Divides"); } catch (Throwable e) { sb.append(e.getCause().getStackTrace().length).append(' ').append(e.getCause().getMessage()).append('\n'); }
    System.out.print(sb);
    System.out.println(failures + " failures");
  }
}
