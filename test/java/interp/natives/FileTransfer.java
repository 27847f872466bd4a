// FileInputStream.transferTo, readAllBytes and skip on a file and on a class-path resource:
// on JDK 25 they ask isRegularFile0 (a native the embedded engine lacked: UnsatisfiedLinkError).
import java.io.*;
import java.nio.file.*;
public class FileTransfer {
  public static void main(String[] a) throws Exception {
    Path p = Files.createTempFile("fis", ".txt");
    Files.writeString(p, "hello transfer\nsecond line\n");
    try (FileInputStream in = new FileInputStream(p.toFile())) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      long n = in.transferTo(out);
      System.out.println(n + " " + out.toString().trim().replace('\n', '|'));
    }
    try (FileInputStream in = new FileInputStream(p.toFile())) {
      System.out.println(in.readAllBytes().length + " " + in.skip(3));
    }
    try (InputStream in = FileTransfer.class.getResourceAsStream("FileTransfer.class")) {
      System.out.println(in.transferTo(OutputStream.nullOutputStream()) > 100);
    }
    Files.delete(p);
  }
}
