import java.text.DecimalFormat;
import java.text.MessageFormat;

/**
 * JDK code paths that differ between releases (test/unit/engine-jdks.test.ts runs this on each
 * JDK and compares with its java): DecimalFormat.format (JDK 25: an invokedynamic the JDK links
 * through MethodHandleNatives.linkCallSite, whose signature changed, and a preview-feature
 * check), a lambda proxy's class name (JDK 21+: no counter), and an uncaught exception's trace
 * in a thread (JDK 21+: Thread.run calls the @Hidden Thread.runWith).
 */
public class Features {
  public static void main(String[] args) throws Exception {
    System.out.println(new DecimalFormat("#,##0.0#").format(12345.678));
    System.out.println(MessageFormat.format("{0,choice,0#no files|1#one file|1<{0} files}; cost {1,number,#.#}", 7, 9.5));
    Runnable r = () -> {};
    System.out.println(r.getClass().getName().replaceAll("/0x[0-9a-f]+$", "/ADDRESS"));
    Thread t = new Thread(() -> {
      throw new IllegalStateException("in a thread");
    }, "worker");
    t.start();
    t.join();
  }
}
