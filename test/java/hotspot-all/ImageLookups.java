import java.io.InputStream;

// Java code's lookups in lib/modules (jdk.internal.jimage.BasicImageReader): a class of another
// module defined by the platform loader (java.sql) and a resource of java.base in no package (not
// encapsulated, looked up in java.base only: BootLoader.findResourceAsStream). HotSpot's copy
// reads its own image, the embedded engine the JDK's; both names are in buckets jlink seeded.
public class ImageLookups {
  public static void main(String[] args) throws Exception {
    Class<?> c = Class.forName("java.sql.Timestamp");
    System.out.println(c.getName() + " platform " + (c.getClassLoader() == ClassLoader.getPlatformClassLoader()));
    try (InputStream in = Object.class.getResourceAsStream("/META-INF/services/java.nio.file.spi.FileSystemProvider")) {
      System.out.println("provider list " + (in != null && in.readAllBytes().length > 0));
    }
  }
}
