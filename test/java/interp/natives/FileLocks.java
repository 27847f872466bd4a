import java.io.*;
import java.nio.channels.*;
import java.nio.file.*;
import java.util.logging.*;

/** File locks (FileChannel.lock/tryLock, the JVM-wide lock table) and java.util.logging.FileHandler. */
public class FileLocks {
  public static void main(String[] args) throws Exception {
    Path p = Path.of("locked.txt");
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
      FileLock l = ch.tryLock();
      System.out.println("tryLock: " + (l != null) + " valid " + l.isValid() + " shared " + l.isShared() + " " + l.position() + "+" + l.size());
      try (FileChannel other = FileChannel.open(p, StandardOpenOption.WRITE)) {
        other.tryLock();
      } catch (OverlappingFileLockException e) {
        System.out.println("second channel: " + e);
      }
      l.release();
      System.out.println("released: " + l.isValid());
      FileLock s = ch.lock(0, 10, true);
      System.out.println("shared lock: " + s.isShared() + " overlaps " + s.overlaps(5, 1));
      s.close();
    }
    try (RandomAccessFile raf = new RandomAccessFile("locked.txt", "rw")) {
      FileLock l = raf.getChannel().lock();
      System.out.println("raf lock: " + l.isValid());
    }
    FileHandler h = new FileHandler("app.log");
    h.setFormatter(new Formatter() {
      @Override
      public String format(LogRecord r) {
        return r.getLevel() + ": " + r.getMessage() + "\n";
      }
    });
    Logger log = Logger.getLogger("filelocks");
    log.setUseParentHandlers(false);
    log.addHandler(h);
    log.info("hello");
    log.warning("careful");
    System.out.println("lock file while open: " + Files.exists(Path.of("app.log.lck")));
    FileHandler second = new FileHandler("app.log");
    System.out.println("second handler file: " + Files.exists(Path.of("app.log.1")));
    second.close();
    h.close();
    System.out.println("lock file after close: " + Files.exists(Path.of("app.log.lck")));
    System.out.print(Files.readString(Path.of("app.log")));
  }
}
