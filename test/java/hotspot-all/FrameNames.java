import java.util.List;
import java.util.stream.Collectors;

/**
 * Stack frames' names (issue 15 item 2, branch j17r). JDK 17's StackWalker fills each
 * StackFrameInfo's MemberName in the VM with its method only (HotSpot's set_method_and_bci:
 * flags, class, method); StackFrameInfo.getMethodName and getDescriptor then run
 * MemberName.expandFromVM, whose MethodHandleNatives.expand fills in the name (interned) and the
 * type (a new String of the signature). Frames of a recursion, a lambda and a constructor, each
 * asked for its name and descriptor (the descriptors, the originals' since branch desc38, are
 * printed by Signatures).
 */
public class FrameNames {
  FrameNames(int depth, StringBuilder out) {
    if (depth == 0) describe(out);
    else new FrameNames(depth - 1, out);
  }

  static void describe(StringBuilder out) {
    List<String> frames = StackWalker.getInstance().walk(s -> s.map(f -> f.getClassName() + "." + f.getMethodName() + (f.getDescriptor().startsWith("(") ? "" : "?") + ":" + f.getLineNumber()).collect(Collectors.toList()));
    for (String f : frames) out.append(f).append('\n');
  }

  static int recurse(int n, StringBuilder out) {
    if (n == 0) {
      describe(out);
      return 0;
    }
    return recurse(n - 1, out) + 1;
  }

  public static void main(String[] args) {
    StringBuilder out = new StringBuilder();
    recurse(3, out);
    Runnable r = () -> describe(out);
    r.run();
    new FrameNames(2, out);
    System.out.print(out);
  }
}
