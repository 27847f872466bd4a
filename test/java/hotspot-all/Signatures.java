import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a program sees of its own methods' signatures and of the JDK's (issue 15, branch desc38):
 * the transformation extends every method with (TC, MID[], int) and adds wrappers, and none of it
 * may show. StackWalker frames' descriptors and method types (of app frames and of JDK frames: a
 * Comparator called by List.sort, a forEach lambda), MethodHandleInfo of direct handles,
 * SerializedLambda's implementation signature, reflection's declared methods (count and
 * signatures) of an app class and of JDK classes, Thread.getStackTrace and the elements of an
 * exception thrown in a JDK method. Every line must be java's.
 */
public class Signatures {
  static final StringBuilder OUT = new StringBuilder();
  static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

  static void line(String s) {
    OUT.append(s).append('\n');
  }

  static String frame(StackWalker.StackFrame f) {
    return f.getClassName() + "." + f.getMethodName() + " " + f.getDescriptor() + " " + f.getMethodType() + " @" + f.getLineNumber();
  }

  /** The frames from here up to main, each with its descriptor and method type. */
  static void walk(String what) {
    line(what + ":");
    WALKER.walk(s -> s.takeWhile(f -> !f.getMethodName().equals("main")).map(Signatures::frame).collect(Collectors.toList())).forEach(f -> line("  " + f));
  }

  static int compareWalking(String a, String b) {
    walk("comparator");
    return a.compareTo(b);
  }

  long app(String s, int[] a, List<String> l) {
    walk("app");
    return s.length() + a.length + l.size();
  }

  static String methods(Class<?> c) {
    Method[] ms = c.getDeclaredMethods();
    List<String> names = new ArrayList<>();
    for (Method m : ms) names.add(m.toGenericString());
    names.sort(null);
    return c.getName() + " " + ms.length + " methods\n    " + String.join("\n    ", names);
  }

  static String info(MethodHandles.Lookup lookup, MethodHandle mh) {
    MethodHandleInfo i = lookup.revealDirect(mh);
    return MethodHandleInfo.referenceKindToString(i.getReferenceKind()) + " " + i.getDeclaringClass().getName() + "." + i.getName() + " " + i.getMethodType() + " " + mh.type();
  }

  public static void main(String[] args) throws Throwable {
    new Signatures().app("x", new int[2], List.of("y"));
    List<String> l = new ArrayList<>(List.of("b", "a", "c"));
    l.sort(Signatures::compareWalking);
    List.of("z").forEach(s -> walk("forEach " + s));

    MethodHandles.Lookup lookup = MethodHandles.lookup();
    line(info(lookup, lookup.findVirtual(Signatures.class, "app", MethodType.methodType(long.class, String.class, int[].class, List.class))));
    line(info(lookup, lookup.findStatic(Signatures.class, "compareWalking", MethodType.methodType(int.class, String.class, String.class))));
    line(info(lookup, lookup.findVirtual(String.class, "indexOf", MethodType.methodType(int.class, String.class, int.class))));
    line(info(lookup, lookup.findStatic(Arrays.class, "asList", MethodType.methodType(List.class, Object[].class))));
    line(info(lookup, lookup.findVirtual(ArrayList.class, "sort", MethodType.methodType(void.class, Comparator.class))));
    line(info(lookup, lookup.unreflect(ArrayList.class.getMethod("size"))));

    Function<String, Integer> f = (Function<String, Integer> & Serializable) s -> s.length() + OUT.length();
    Method writeReplace = f.getClass().getDeclaredMethod("writeReplace");
    writeReplace.setAccessible(true);
    SerializedLambda sl = (SerializedLambda) writeReplace.invoke(f);
    line("lambda " + sl.getImplMethodName().startsWith("lambda$") + " " + sl.getImplMethodSignature() + " " + sl.getInstantiatedMethodType() + " " + sl.getFunctionalInterfaceMethodSignature() + " " + MethodHandleInfo.referenceKindToString(sl.getImplMethodKind()));

    line(methods(Signatures.class));
    line(methods(ArrayList.class));
    line(methods(Comparator.class));
    line("getMethod " + ArrayList.class.getMethod("add", Object.class).toGenericString() + " " + ArrayList.class.getMethods().length);
    line("constructors " + ArrayList.class.getDeclaredConstructors().length + " " + Signatures.class.getDeclaredConstructors().length);

    for (StackTraceElement e : Thread.currentThread().getStackTrace()) line("thread " + e);
    try {
      List.of(1, 2).get(5);
    } catch (IndexOutOfBoundsException e) {
      for (StackTraceElement el : e.getStackTrace()) line("jdk " + el);
    }
    try {
      "abc".substring(5);
    } catch (StringIndexOutOfBoundsException e) {
      for (StackTraceElement el : e.getStackTrace()) line("jdk " + el);
    }
    System.out.print(OUT);
  }
}
