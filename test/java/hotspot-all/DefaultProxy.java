import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;

// A proxy whose handler calls an interface's default method (InvocationHandler.invokeDefault),
// after string concatenations, and a caught exception thrown by a class of the application
// (issue 15: the same profile on HotSpot and on the embedded engine with the JDK instrumented).
//   - invokeDefault adapts a method handle (asSpreader, asType): bound-method-handle species,
//     which JDK 17's CDS dump regenerates uninstrumented (species frames on one engine only),
//     and LambdaForms and basic invokers that the concatenations' linkage (StringConcatFactory,
//     paused on HotSpot) spun and cached before (spun again, counted, on the other engine).
//   - the verifier checks that IllegalStateException is a Throwable: HotSpot loads the named
//     classes through the application loader and walks the superclasses without it (the
//     embedded engine also asked that loader for RuntimeException and Exception).
public class DefaultProxy {
  interface Shape {
    int sides();

    default String describe(String name, int scale) {
      return name + " with " + sides() + " sides, scale " + scale;
    }
  }

  static int check(int x) {
    if (x < 0) throw new IllegalStateException("negative " + x);
    return x;
  }

  public static void main(String[] args) {
    int total = 0;
    for (int i = 0; i < 3; i++) total += check(i);
    try {
      check(-1);
    } catch (IllegalStateException e) {
      System.out.println("caught " + e.getMessage() + " after " + total);
    }
    InvocationHandler h = (p, m, a) -> m.getName().equals("sides") ? 4 : InvocationHandler.invokeDefault(p, m, a);
    Shape s = (Shape) Proxy.newProxyInstance(DefaultProxy.class.getClassLoader(), new Class<?>[] {Shape.class}, h);
    System.out.println(s.describe("square", 2) + "; " + s.describe("box", 3));
  }
}
