import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.stream.Collectors;
import java.util.stream.Stream;

// Identity hashes around class linking. HotSpot's verifier draws the hash of the mirror of every
// class it links that its CDS archive does not hold (ObjectOutputStream and its nested classes
// here), the first VarHandle call site (ByteArray.setShort in the stream's header) is linked with
// a MethodType the VM makes, and a lambda proxy from the archive (Collectors.joining) comes with
// the dump's hash. Each step prints the hash of a new object: where the main thread's sequence is.
public class SerialLinkHashes {
    static class Item implements Serializable {
        private static final long serialVersionUID = 1L;
        String name = "x";

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
        }
    }

    static void mark(String step) {
        System.out.println(step + " " + Integer.toHexString(System.identityHashCode(new Object())));
    }

    public static void main(String[] args) throws Exception {
        mark("start");
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        ObjectOutputStream out = new ObjectOutputStream(bos);
        mark("stream");
        out.writeObject(new Item());
        out.close();
        mark("written " + bos.size());
        System.out.println(Stream.of("a", "b").collect(Collectors.joining(",", "[", "]")));
        mark("joined");
    }
}
