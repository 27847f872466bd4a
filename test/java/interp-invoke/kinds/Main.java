import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

// The reference kinds the VM gives resolved methods (MethodHandleNatives.resolve/init/getMembers)
// pick each DirectMethodHandle's LambdaForm: HotSpot makes every method that can be statically
// bound a direct call, REF_invokeSpecial (private, final, or of a final class, overriding or
// not), and MethodHandle.invokeBasic too (the basic invokers). The form is then found in
// DirectMethodHandle$Holder or compiled; jvm.txt turns on the JDK's trace of those lookups
// ([LF_RESOLVE] ... (success|fail)), printed on stdout, so a kind the embedded JVM gets wrong
// shows as another line (issue 15: LambdaForms compiled on the embedded engine only). No string
// concatenation and no lambda: their linkage (the JDK's on HotSpot, the VM's here) makes forms too.
public class Main {
  enum Color { RED, GREEN }

  static class Base {
    public String name() { return "base"; }
  }

  static final class Leaf extends Base {
    @Override public String name() { return "leaf"; }
    public int size() { return 4; }
  }

  static class Open extends Base {
    @Override public final String name() { return "open"; }
  }

  public static void main(String[] args) throws Throwable {
    MethodHandles.Lookup l = MethodHandles.lookup();
    System.out.println("String.hashCode (final class, overrides Object)");
    MethodHandle h = l.findVirtual(String.class, "hashCode", MethodType.methodType(int.class));
    System.out.println((int) h.invokeExact("abc"));
    System.out.println("StringBuilder.toString (final class)");
    MethodHandle sb = l.findVirtual(StringBuilder.class, "toString", MethodType.methodType(String.class));
    System.out.println((String) sb.invokeExact(new StringBuilder("sb")));
    System.out.println("Enum.equals (final method, overrides Object)");
    MethodHandle eq = l.findVirtual(Color.class, "equals", MethodType.methodType(boolean.class, Object.class));
    System.out.println((boolean) eq.invokeExact(Color.RED, (Object) Color.GREEN));
    System.out.println("Leaf.name, Leaf.size (final class of the program)");
    MethodHandle ln = l.findVirtual(Leaf.class, "name", MethodType.methodType(String.class));
    MethodHandle ls = l.findVirtual(Leaf.class, "size", MethodType.methodType(int.class));
    System.out.println((String) ln.invokeExact(new Leaf()));
    System.out.println((int) ls.invokeExact(new Leaf()));
    System.out.println("Open.name (final method overriding Base.name)");
    MethodHandle on = l.findVirtual(Open.class, "name", MethodType.methodType(String.class));
    System.out.println((String) on.invokeExact(new Open()));
    System.out.println("Base.name (virtual)");
    MethodHandle bn = l.findVirtual(Base.class, "name", MethodType.methodType(String.class));
    System.out.println((String) bn.invokeExact(new Base()));
    System.out.println((String) bn.invokeExact((Base) new Leaf()));
    System.out.println("unreflect List.size, ArrayList.size, Integer.toString");
    MethodHandle us = l.unreflect(List.class.getMethod("size"));
    MethodHandle as = l.unreflect(ArrayList.class.getMethod("size"));
    MethodHandle it = l.unreflect(Integer.class.getMethod("toString"));
    System.out.println((int) us.invoke(List.of(1, 2)));
    System.out.println((int) as.invoke(new ArrayList<>(List.of(1))));
    System.out.println(it.invoke(42));
    System.out.println("Object.getClass through an interface");
    MethodHandle gc = l.findVirtual(CharSequence.class, "getClass", MethodType.methodType(Class.class));
    System.out.println(gc.invoke("x"));
    System.out.println("revealDirect");
    for (MethodHandle m : new MethodHandle[] {h, eq, ln, on, bn, us}) {
      MethodHandleInfo info = l.revealDirect(m);
      System.out.println(MethodHandleInfo.referenceKindToString(info.getReferenceKind()));
      System.out.println(info.getDeclaringClass().getName());
      System.out.println(info.getName());
    }
    System.out.println("spreader and collector (basic invokers)");
    MethodHandle cat = l.findVirtual(String.class, "concat", MethodType.methodType(String.class, String.class));
    System.out.println((Object) cat.asSpreader(Object[].class, 2).invoke(new Object[] {"a", "b"}));
    System.out.println((Object) MethodHandles.dropArguments(cat, 0, int.class).invoke(7, "c", "d"));
  }
}
