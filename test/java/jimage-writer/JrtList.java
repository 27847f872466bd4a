import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Lists directories of the run-time image through the jrt file system (the Java-side reader of lib/modules). */
public class JrtList {
    public static void main(String[] args) throws Exception {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        for (String dir : args) {
            try (Stream<Path> s = Files.list(jrt.getPath(dir))) {
                s.map(Path::toString).sorted().forEach(System.out::println);
            }
        }
        System.out.println(new String(Files.readAllBytes(jrt.getPath("/modules/java.base/komorium/rt/probe.txt")), "UTF-8"));
    }
}
