import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Paths;
import java.util.zip.CRC32;

// The first native library loaded through NativeLibraries.load (libzip, for CRC32), then libnet
// and libnio (a FileChannel). On HotSpot, libjava's NativeLibraries.c initIDs finds a class at
// the first load of the process (JDK 17), and FindClass under NativeLibraries.load calls
// NativeLibraries.getFromClass() (jni.cpp); libnet's JNI_OnLoad finds Boolean and calls
// Boolean.getBoolean. The embedded engine makes the same upcalls in the same order.
public class NativeFirstLoad {
  public static void main(String[] args) throws IOException {
    CRC32 crc = new CRC32();
    for (int i = 0; i < 100; i++) crc.update(i);
    long size;
    try (FileChannel ch = FileChannel.open(Paths.get(System.getProperty("java.home"), "release"))) {
      ByteBuffer b = ByteBuffer.allocate(16);
      size = ch.read(b) > 0 ? 1 : 0;
    }
    System.out.println("crc " + crc.getValue() + ", read " + size);
  }
}
