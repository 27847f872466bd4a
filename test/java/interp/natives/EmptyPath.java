import java.io.*;
import java.util.Arrays;

/** java.io on the empty path: java.io.File("") is not the working directory for the file system. */
public class EmptyPath {
  public static void main(String[] args) throws Exception {
    File f = new File("");
    System.out.println("exists " + f.exists());
    System.out.println("isDirectory " + f.isDirectory());
    System.out.println("isFile " + f.isFile());
    System.out.println("canRead " + f.canRead());
    System.out.println("canWrite " + f.canWrite());
    System.out.println("canExecute " + f.canExecute());
    System.out.println("length " + f.length());
    System.out.println("lastModified " + f.lastModified());
    System.out.println("list " + Arrays.toString(f.list()));
    System.out.println("listFiles " + Arrays.toString(f.listFiles()));
    System.out.println("isHidden " + f.isHidden());
    System.out.println("mkdir " + f.mkdir());
    System.out.println("delete " + f.delete());
    System.out.println("setLastModified " + f.setLastModified(0));
    System.out.println("setReadOnly " + f.setReadOnly());
    System.out.println("setWritable " + f.setWritable(true));
    System.out.println("getTotalSpace>0 " + (f.getTotalSpace() > 0));
    System.out.println("absolute equals user.dir " + f.getAbsolutePath().equals(System.getProperty("user.dir")));
    System.out.println("absolute exists " + f.getAbsoluteFile().exists() + " " + f.getAbsoluteFile().isDirectory());
    System.out.println("canonical equals " + f.getCanonicalFile().equals(new File(System.getProperty("user.dir")).getCanonicalFile()));
    System.out.println("renameTo " + f.renameTo(new File("x")));
    try {
      System.out.println("createNewFile " + f.createNewFile());
    } catch (IOException e) {
      System.out.println("createNewFile: " + e);
    }
    try {
      new FileInputStream("");
    } catch (IOException e) {
      System.out.println("FileInputStream: " + e);
    }
    try {
      new FileOutputStream("");
    } catch (IOException e) {
      System.out.println("FileOutputStream: " + e);
    }
    try {
      new RandomAccessFile("", "rw");
    } catch (IOException e) {
      System.out.println("RandomAccessFile: " + e);
    }
    System.out.println("nio exists " + java.nio.file.Files.exists(java.nio.file.Path.of("")));
    System.out.println("nio isDirectory " + java.nio.file.Files.isDirectory(java.nio.file.Path.of("")));
  }
}
