import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

// Directory listings: readdir(3) returns "." and "..", which UnixDirectoryStream's iterator reads
// and skips in Java (counted); the embedded engine's readdir gives them too.
public class DirList {
  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("komorium-dirlist");
    try {
      for (int i = 0; i < 6; i++) Files.writeString(dir.resolve("f" + i + ".txt"), "x" + i);
      Files.createDirectory(dir.resolve("sub"));
      Files.writeString(dir.resolve("sub").resolve("g.txt"), "g");
      for (int round = 0; round < 3; round++) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
          for (Path p : ds) names.add(p.getFileName().toString());
        }
        Collections.sort(names);
        System.out.println(names);
      }
      try (var walk = Files.walk(dir)) {
        System.out.println(walk.count() + " paths");
      }
    } finally {
      try (var walk = Files.walk(dir)) {
        for (Path x : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(x);
      }
    }
    System.out.println("cleaned " + !Files.exists(dir));
  }
}
