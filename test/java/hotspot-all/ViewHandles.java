import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

// Reads big-endian shorts, ints and longs through the JDK's readers and byte-array view
// VarHandles. On JDK 22+ DataInputStream and RandomAccessFile read them through
// jdk.internal.util.ByteArray, whose initialiser makes byte-array view VarHandles (their VarForms'
// MethodTypes) and whose first `get` of each kind resolves the VarForm's MemberName
// (VarForm.resolveMemberName, MethodType.insertParameterTypes). HotSpot's copy read the class
// swap's index with these readers (java.lang.KomoriumClasses, paused) before the main class, so
// the program found that work done on HotSpot only; the swap now decodes its index by hand, and
// both engines do it here, counted, as java does.
public class ViewHandles {
  static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  public static void main(String[] args) throws IOException {
    byte[] b = new byte[64];
    for (int i = 0; i < b.length; i++) b[i] = (byte) (i * 37 + 11);
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
    long sum = in.readShort() + in.readUnsignedShort() + in.readChar();
    for (int i = 0; i < 5; i++) sum += in.readInt();
    for (int i = 0; i < 4; i++) sum = sum * 31 + in.readLong();
    for (int i = 0; i + 4 <= b.length; i += 4) sum += (int) INTS.get(b, i);
    for (int i = 0; i + 8 <= b.length; i += 8) sum ^= (long) LONGS.get(b, i);
    String release = System.getProperty("java.home") + "/release";
    try (RandomAccessFile f = new RandomAccessFile(release, "r")) {
      sum += f.readInt() != 0 ? 1 : 0;
    }
    System.out.println("sum " + sum);
  }
}
