import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.logging.Logger;

// Calls into modules other than java.base (java.management, java.logging): with only java.base
// instrumented (KOMORIUM_JDK_MODULES) their methods have no extended version, and the class
// path's call sites must call the originals.
public class OtherModules {
  public static void main(String[] args) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    System.out.println("threads > 0: " + (threads.getThreadCount() > 0));
    Logger log = Logger.getLogger("komorium.test");
    System.out.println("logger " + log.getName() + " " + log.isLoggable(java.util.logging.Level.FINEST));
  }
}
