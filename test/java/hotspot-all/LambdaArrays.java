import java.util.function.IntSupplier;
import java.util.function.Supplier;

// Lambdas whose first captured value is an array of a class-path class: the MethodTypes of the
// call site and of the implementation method start with `[LLambdaArrays$Box;`. Resolving them
// first asks whether the type is a boot class that is always visible (HotSpot's
// is_always_visible_class); the embedded engine threw NoClassDefFoundError there for any array
// whose element class the boot loader does not have (scope all, where the JDK's
// LambdaMetafactory runs as Java code).
public class LambdaArrays {
  static final class Box {
    final int v;
    Box(int v) { this.v = v; }
  }

  public static void main(String[] args) {
    Box[] boxes = { new Box(3), new Box(4) };
    Box[][] grid = { boxes, { new Box(5) } };
    IntSupplier sum = () -> boxes[0].v + boxes[1].v;
    IntSupplier corner = () -> grid[1][0].v * grid[0][1].v;
    Supplier<Box[]> copy = boxes::clone;
    System.out.println(sum.getAsInt() + " " + corner.getAsInt() + " " + copy.get().length);
  }
}
