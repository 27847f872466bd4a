import java.util.Arrays;
import java.util.Comparator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

// Lambdas (capturing and not) called through interfaces, method references, and lambdas the JDK
// links (Comparator.thenComparing, LongPipeline.sum's Long::sum) (issue 15):
// HotSpot links each call site in MethodHandleNatives.linkCallSite (paused: LambdaMetafactory,
// the proxy's definition, its verification through the application loader, LambdaForms); what
// that linkage leaves behind (classes initialised, forms cached, names resolved) must be the same
// on the embedded engine, or the program's own work differs after it.
public class Lambdas {
  interface Shape {
    int area();
  }

  static int total(Shape[] shapes) {
    int t = 0;
    for (Shape s : shapes) t += s.area();
    return t;
  }

  static int twice(int x) {
    return 2 * x;
  }

  public static void main(String[] args) {
    int side = args.length + 3;
    Shape square = () -> side * side;
    Shape unit = () -> 1;
    IntUnaryOperator doubler = Lambdas::twice;
    IntBinaryOperator add = (a, b) -> a + b;
    Supplier<String> name = () -> "shapes";
    int sum = 0;
    for (int i = 0; i < 20; i++) sum = add.applyAsInt(sum, doubler.applyAsInt(total(new Shape[] {square, unit})));
    String[] words = {"pear", "fig", "banana", "kiwi", "apple"};
    Arrays.sort(words, Comparator.comparingInt(String::length).thenComparing(Comparator.reverseOrder()));
    long[] squares = new long[8];
    Arrays.setAll(squares, i -> (long) i * i);
    System.out.println(name.get() + " " + Arrays.toString(words) + " " + Arrays.toString(squares) + " " + Arrays.stream(squares).sum());
    System.out.println(sum);
  }
}
