/** The class the test mutates (test/unit/engine-class-format.test.ts). */
public class Sample {
  static Object o = java.lang.invoke.MethodType.methodType(Object.class);
  int f;

  static int twice(int x) {
    return 2 * x;
  }

  public static void main(String[] args) {
    System.out.println(twice(21) + " " + new Sample().f);
    Runnable r = () -> System.out.println("lambda");
    r.run();
  }
}
