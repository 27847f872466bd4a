import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;

// Java code's lookups in lib/modules (jdk.internal.jimage.BasicImageReader): a class of another
// module defined by the platform loader (java.sql), a resource of java.base in no package (not
// encapsulated, looked up in java.base only: BootLoader.findResourceAsStream), and resources that
// are in no module, looked for in every module of the boot, platform and application loaders
// (BuiltinClassLoader.findMiscResource: SystemModuleReader.containsImageLocation misses, each a
// probe of the image's perfect hash). HotSpot's copy reads its own image; the embedded engine a
// view of the JDK's indexed as that copy (engine/java-image.ts).
public class ImageLookups {
  public static void main(String[] args) throws Exception {
    Class<?> c = Class.forName("java.sql.Timestamp");
    System.out.println(c.getName() + " platform " + (c.getClassLoader() == ClassLoader.getPlatformClassLoader()));
    try (InputStream in = Object.class.getResourceAsStream("/META-INF/services/java.nio.file.spi.FileSystemProvider")) {
      System.out.println("provider list " + (in != null && in.readAllBytes().length > 0));
    }
    int found = 0;
    for (String name : new String[] {"komorium-image-probe.txt", "META-INF/komorium/none.properties", "META-INF/MANIFEST.MF", "config/none.xml"}) {
      for (Enumeration<URL> e = ClassLoader.getSystemResources(name); e.hasMoreElements(); e.nextElement()) found++;
      if (ClassLoader.getSystemResource(name) != null) found++;
    }
    System.out.println("found " + found);
  }
}
