// Interface initialisation order (JVMS 5.5) must not change under the transformer: a class's
// initialisation initialises only the superinterfaces that declare a non-abstract, non-static
// method. The transformer's default-method trampolines must not make an interface with a
// static initialiser and only abstract methods (two or more, so it could get them) initialise
// at `new Impl()`.
public class Main {
  static int log(String s) {
    System.out.println("init " + s);
    return s.length();
  }

  /** Two abstract methods and a static initialiser: initialised at the first read of X. */
  interface Plain {
    int X = log("Plain");
    void a();
    int b(int v);
  }

  /** A default method: initialised with its implementations. */
  interface WithDefault {
    int Y = log("WithDefault");
    void c();
    int d(int v);
    default int e() { return d(3) + 1; }
  }

  /** Extends Plain; its own static initialiser, abstract methods only. */
  interface Sub extends Plain {
    int Z = log("Sub");
    int f(int v);
  }

  /** A private instance method counts as non-abstract, non-static (JVMS 5.5). */
  interface WithPrivate {
    int W = log("WithPrivate");
    int g(int v);
    int h(int v);
    private int twice(int v) { return 2 * v; }
  }

  static class Impl implements Sub, WithDefault {
    public void a() { System.out.println("Impl.a"); }
    public int b(int v) { return v + 1; }
    public void c() { System.out.println("Impl.c"); }
    public int d(int v) { return v * 2; }
    public int f(int v) { return v - 1; }
  }

  static class Impl2 implements WithPrivate {
    public int g(int v) { return v; }
    public int h(int v) { return -v; }
  }

  public static void main(String[] args) {
    System.out.println("start");
    Impl i = new Impl();
    System.out.println("constructed");
    i.a();
    Plain p = i;
    System.out.println("b " + p.b(4));
    Sub s = i;
    System.out.println("f " + s.f(4));
    System.out.println("e " + i.e());
    System.out.println("Z " + Sub.Z);
    System.out.println("X " + Plain.X);
    WithPrivate w = new Impl2();
    System.out.println("g " + w.g(5) + " h " + w.h(5));
    System.out.println("W " + WithPrivate.W);
  }
}
