import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

// Reads and writes shorts, ints and longs through DataInputStream and DataOutputStream, which on
// JDK 25 go through jdk.internal.util.ByteArray's VarHandles: the first get and set of each view
// resolve the VarForm's member name for that access mode (VarForm.resolveMemberName, counted).
// HotSpot's class swap (java.lang.KomoriumClasses, paused) reads its index through
// RandomAccessFile.readLong and DataInputStream, which resolves the three GET member names before
// the main class; the embedded engine makes the same ByteArray calls in its uncounted start-up
// (contract.ts swapByteArrayReads, branch j25q), so only the SET ones are resolved under main on
// both engines.
public class ByteArrayViews {
  public static void main(String[] args) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    for (int i = 0; i < 8; i++) {
      out.writeShort(i * 1000);
      out.writeInt(i * 100000);
      out.writeLong(i * 10000000000L);
    }
    out.flush();
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    long sum = 0;
    for (int i = 0; i < 8; i++) sum += in.readShort() + in.readInt() + in.readLong();
    System.out.println(bytes.size() + " " + sum);
  }
}
