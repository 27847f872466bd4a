import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;

// Uses under main the JDK classes whose initialisers HotSpot's copy ran in its class swap
// (java.lang.KomoriumClasses reading its index, paused) before the main class was loaded: on
// JDK 17 RandomAccessFile (and RandomAccessFile$2), DataInputStream and ByteArrayInputStream.
// The swap now decodes its index by hand (branch mt16) and initialises none of them, as java
// does not, so both engines count their <clinit>s here, under main.
public class SwapInits {
  public static void main(String[] args) throws IOException {
    byte[] b = new byte[64];
    for (int i = 0; i < b.length; i++) b[i] = (byte) (i * 7);
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
    long sum = 0;
    for (int i = 0; i < 16; i++) sum += in.readInt();
    String release = System.getProperty("java.home") + "/release";
    long length;
    try (RandomAccessFile f = new RandomAccessFile(release, "r")) {
      length = f.length() > 0 ? 1 : 0;
    }
    System.out.println("sum " + sum + ", release " + length);
  }
}
