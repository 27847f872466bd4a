import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Identity hashes around a serialization round trip on JDK 17 (issue 15 item 2): each step
 * prints the hash of a new object, whose value is the main thread's next draw, so every draw the
 * VM makes in between counts. What HotSpot 17 draws there and the embedded engine did not, or
 * in another order:
 * - the mirrors of the generated serialization accessors (a DelegatingClassLoader defines them)
 *   are hashed when the class is linked, its superclass SerializationConstructorAccessorImpl
 *   first, not when it is defined;
 * - the field signatures ObjectOutputStream's HandleTable hashes are interned strings of the CDS
 *   archive, which carry the dump's identity hash (no draw), as the Integer cache's boxes do;
 * - an invokedynamic's call-site type is resolved before its static arguments
 *   (ObjectInputFilter$Config's lambda in `new ObjectInputStream`);
 * - MethodHandle constants link their class first (the SHA digest of a default serialVersionUID:
 *   VarHandleByteArrayAsInts' `ArrayIndexOutOfBoundsException::new`).
 * With --instrument all both engines print what HotSpot's copy prints.
 */
public class SerialHashes {
  static class Node implements Serializable {
    String name;
    List<Node> links = new ArrayList<>();
    Integer small = 7;
    Node(String name) { this.name = name; }
  }

  static class Secret implements Serializable {
    private static final long serialVersionUID = 2L;
    String plain;
    Secret(String plain) { this.plain = plain; }
    private void writeObject(ObjectOutputStream out) throws IOException { out.writeUTF(plain); }
    private void readObject(ObjectInputStream in) throws IOException { plain = in.readUTF(); }
  }

  static void print(String what) {
    System.out.println(what + " " + Integer.toHexString(System.identityHashCode(new Object())));
  }

  static Object roundTrip(Object o, String what) throws Exception {
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    ObjectOutputStream out = new ObjectOutputStream(bos);
    print(what + ": stream");
    out.writeObject(o);
    out.close();
    print(what + ": written");
    ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray()));
    print(what + ": reader");
    Object back = in.readObject();
    print(what + ": read");
    return back;
  }

  public static void main(String[] args) throws Exception {
    print("start");
    Node a = new Node("a"), b = new Node("b");
    a.links.add(b);
    b.links.add(a);
    Node a2 = (Node) roundTrip(a, "nodes");
    System.out.println(a2.name + " " + a2.links.get(0).name + " " + a2.small);
    System.out.println(((Secret) roundTrip(new Secret("s"), "secret")).plain);
  }
}
