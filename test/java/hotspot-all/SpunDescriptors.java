import java.lang.invoke.MethodType;
import java.util.regex.Pattern;

/**
 * JDK 17: Pattern's character predicates are lambdas whose proxies java's CDS archive holds
 * (`Pattern.Single`'s `ch -> ch == c`, `Pattern.range`'s, ...). java takes the archived class; the
 * embedded engine generates it (InnerClassLambdaMetafactory.generateInnerClass), which caches the
 * proxy constructor's descriptor in the interned MethodType (`(I)V`). A later
 * `toMethodDescriptorString` of that type then computed it on HotSpot only (branch jk39: Jackson's
 * annotation proxies, 818 bytecodes of BytecodeDescriptor.unparseMethod).
 */
public class SpunDescriptors {
  public static void main(String[] args) {
    System.out.println(Pattern.compile("x[a-c]y|z").matcher("xby").matches());
    String[] ds = {
      MethodType.methodType(void.class, int.class).toMethodDescriptorString(),
      MethodType.methodType(void.class, Object.class).toMethodDescriptorString(),
      MethodType.methodType(boolean.class, int.class).toMethodDescriptorString(),
      MethodType.methodType(void.class, int.class, int.class).toMethodDescriptorString(),
    };
    for (String d : ds) System.out.println(d);
  }
}
