// Loads classes of the class path under main, and makes a thread without starting it (issue 15):
// HotSpot calls ClassLoader.addClass (Java code) for every class the application loader defines,
// whose list, archived with the loader in JDK 17's CDS archive, grows 1, 2, 3, 4, 6, 9...; and
// Thread.<init> asks AccessController.getContext(), which optimize()s the stack's context (the
// protection domain of this class's frames). The embedded engine must run the same code.
public class ClassLoads {
  interface Shape { int area(); }
  static final class A implements Shape { public int area() { return 1; } }
  static final class B implements Shape { public int area() { return 2; } }
  static final class C implements Shape { public int area() { return 3; } }
  static final class D implements Shape { public int area() { return 4; } }
  static final class E implements Shape { public int area() { return 5; } }
  static final class F implements Shape { public int area() { return 6; } }
  static final class G implements Shape { public int area() { return 7; } }
  static final class H implements Shape { public int area() { return 8; } }

  public static void main(String[] args) {
    Shape[] shapes = { new A(), new B(), new C(), new D(), new E(), new F(), new G(), new H() };
    int sum = 0;
    for (Shape s : shapes) sum += s.area();
    Thread t = new Thread("unstarted");
    System.out.println(shapes.length + " classes, area " + sum + ", thread " + t.getName());
  }
}
