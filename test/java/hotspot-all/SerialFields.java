// Serialization of a class with several fields (issue 15 item 2): ObjectStreamClass's
// FieldReflector puts each field's Unsafe offset in a HashSet<Long>; HotSpot's offsets (below
// 128) are Long.valueOf's cached boxes, and the set's bins follow the values. The embedded
// engine gave its field ids (4096 + 8n) before: new Longs (Long.<init>, Number.<init>) and other
// bins, on the embedded engine only.
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

public class SerialFields {
  static class Point implements Serializable {
    private static final long serialVersionUID = 1L;
    int x;
    long y;
    byte z;
    String name;
    double w;
    short s;
    Object next;
    Point(int x, long y, String name) { this.x = x; this.y = y; this.name = name; this.z = (byte) x; this.w = x / 3.0; this.s = (short) -x; }
  }

  static class Labelled extends Point {
    private static final long serialVersionUID = 2L;
    char tag;
    boolean flag;
    float f;
    Labelled(int x) { super(x, x * 7L, "p" + x); tag = (char) ('a' + x % 26); flag = x % 2 == 0; f = x * 0.5f; }
  }

  public static void main(String[] args) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      Point head = null;
      for (int i = 0; i < 20; i++) {
        Point p = i % 3 == 0 ? new Labelled(i) : new Point(i, i * 11L, "n" + i);
        p.next = head;
        head = p;
      }
      out.writeObject(head);
    }
    long sum = 0;
    int n = 0;
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      for (Point p = (Point) in.readObject(); p != null; p = (Point) p.next) {
        sum += p.x + p.y + p.z + p.s + (long) p.w + p.name.length();
        if (p instanceof Labelled) sum += ((Labelled) p).tag + (((Labelled) p).flag ? 1 : 0);
        n++;
      }
    }
    System.out.println(n + " points, " + bytes.size() + " bytes, sum " + sum);
  }
}
