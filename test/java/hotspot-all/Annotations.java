import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Method;

// Reads a method's runtime annotation (issue 15): Executable.declaredAnnotations asks the VM for
// the class's constant pool, and HotSpot initialises jdk.internal.reflect.ConstantPool there
// (its <clinit> registers a reflection filter, counted under main); the embedded engine made the
// object without initialising the class.
public class Annotations {
  @Retention(RetentionPolicy.RUNTIME)
  @interface Cost {
    int value();
  }

  @Cost(7)
  static int work(int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += i % 3;
    return s;
  }

  public static void main(String[] args) throws Exception {
    Method m = Annotations.class.getDeclaredMethod("work", int.class);
    Cost c = m.getAnnotation(Cost.class);
    System.out.println(c.value() + " " + work(c.value() * 100));
  }
}
