import java.io.*;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;

/** InputStream.available() on stdin (a pipe with data) and on files, through every kind of stream. */
public class Available {
  public static void main(String[] args) throws Exception {
    int n = System.in.available();
    System.out.println("stdin available: " + n);
    byte[] buf = new byte[n];
    int got = System.in.read(buf, 0, 5);
    System.out.println("read " + got + ": " + new String(buf, 0, got, StandardCharsets.UTF_8));
    System.out.println("stdin available after 5: " + System.in.available());
    byte[] rest = System.in.readAllBytes();
    System.out.println("rest " + rest.length);
    System.out.println("stdin available at end: " + System.in.available());

    File f = new File("avail.txt");
    try (FileOutputStream out = new FileOutputStream(f)) {
      out.write("0123456789abcdefghij".getBytes(StandardCharsets.US_ASCII));
    }
    try (FileInputStream in = new FileInputStream(f)) {
      System.out.println("file: " + in.available());
      in.read(new byte[3]);
      System.out.println("file after 3: " + in.available());
      in.skip(4);
      System.out.println("file after skip 4: " + in.available());
      in.getChannel().position(18);
      System.out.println("file after position 18: " + in.available());
      in.getChannel().position(40);
      System.out.println("file past end: " + in.available());
    }
    try (BufferedInputStream in = new BufferedInputStream(new FileInputStream(f), 8)) {
      in.read();
      System.out.println("buffered: " + in.available());
    }
    try (InputStream in = Files.newInputStream(f.toPath())) {
      System.out.println("Files.newInputStream: " + in.available());
      in.read(new byte[7]);
      System.out.println("Files.newInputStream after 7: " + in.available());
    }
    try (InputStream in = new FileInputStream(FileDescriptor.in)) {
      System.out.println("FileDescriptor.in at end: " + in.available());
    }
    try (RandomAccessFile raf = new RandomAccessFile(f, "r")) {
      raf.seek(5);
      try (InputStream in = new FileInputStream(raf.getFD())) {
        System.out.println("shared fd: " + in.available());
      }
    }
    try (FileChannel ch = FileChannel.open(f.toPath())) {
      ch.read(ByteBuffer.allocate(4));
      InputStream in = java.nio.channels.Channels.newInputStream(ch);
      System.out.println("channel stream: " + in.available());
    }
    File dir = new File("availdir");
    dir.mkdir();
    try {
      new FileInputStream(dir);
    } catch (FileNotFoundException e) {
      System.out.println("dir: " + e.getMessage());
    }
    FileInputStream closed = new FileInputStream(f);
    closed.close();
    try {
      closed.available();
    } catch (IOException e) {
      System.out.println("closed: " + e);
    }
    try (FileInputStream in = new FileInputStream("/dev/null")) {
      System.out.println("/dev/null: " + in.available());
    }
    System.out.println(new ByteArrayInputStream(new byte[9]).available());
    // Leave nothing behind in the working directory (the tests run it in the repository).
    System.out.println("cleaned up: " + f.delete() + " " + dir.delete());
  }
}
