// The JDK's home as the program sees it (issue 15 item 2): HotSpot's instrumented copy took
// java.home and sun.boot.library.path from its own directory, java (and the embedded engine)
// report the JDK's. The JDK's own code scans them: a file under java.home read with java.nio
// (libnet and libnio found on the boot library path; libnet's JNI_OnLoad asks a property).
import java.nio.file.Files;
import java.nio.file.Path;

public class JdkHome {
  public static void main(String[] args) throws Exception {
    String home = System.getProperty("java.home");
    System.out.println("java.home " + home);
    System.out.println("sun.boot.library.path " + System.getProperty("sun.boot.library.path"));
    System.out.println("java.library.path " + System.getProperty("java.library.path"));
    for (String line : Files.readAllLines(Path.of(home, "release")))
      if (line.startsWith("JAVA_VERSION=")) System.out.println(line);
  }
}
