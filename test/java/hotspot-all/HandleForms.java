import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;

// Method handles on methods of final classes, and a reflective call (issue 15: LambdaForms
// compiled, counted, on the embedded engine only). HotSpot makes a call to a final method, or to
// any method of a final class (String.hashCode, StringBuilder.toString), and
// MethodHandle.invokeBasic a direct call (REF_invokeSpecial), so their DirectMethodHandles take
// the DMH.invokeSpecial forms pregenerated in DirectMethodHandle$Holder; the embedded engine made
// them REF_invokeVirtual and compiled those forms (InvokerBytecodeGenerator with ASM on 17, the
// ClassFile API on 25). On JDK 25 Method.invoke runs on method handles (DirectMethodHandleAccessor).
public class HandleForms {
  public static int twice(int x) {
    return 2 * x;
  }

  static String fallback(IllegalStateException e, String s) {
    return "caught";
  }

  static String check(String s) {
    if (s.isEmpty()) throw new IllegalStateException();
    return s;
  }

  public static void main(String[] args) throws Throwable {
    Method m = HandleForms.class.getMethod("twice", int.class);
    System.out.println(m.invoke(null, 21));
    MethodHandles.Lookup l = MethodHandles.lookup();
    MethodHandle hash = l.findVirtual(String.class, "hashCode", MethodType.methodType(int.class));
    System.out.println((int) hash.invokeExact("forms"));
    MethodHandle text = l.findVirtual(StringBuilder.class, "toString", MethodType.methodType(String.class));
    System.out.println((String) text.invokeExact(new StringBuilder("builder")));
    MethodHandle concat = l.findVirtual(String.class, "concat", MethodType.methodType(String.class, String.class));
    System.out.println((Object) concat.asSpreader(Object[].class, 2).invoke(new Object[] {"spread", "er"}));
    MethodHandle guarded = MethodHandles.catchException(
        l.findStatic(HandleForms.class, "check", MethodType.methodType(String.class, String.class)),
        IllegalStateException.class,
        l.findStatic(HandleForms.class, "fallback", MethodType.methodType(String.class, IllegalStateException.class, String.class)));
    System.out.println((String) guarded.invokeExact("ok"));
    System.out.println((String) guarded.invokeExact(""));
    System.out.println((String) concat.bindTo("bound ").invokeExact("to"));
  }
}
