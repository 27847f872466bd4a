import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

// Java serialization round trips in memory: a graph with shared references and a cycle,
// transient fields, custom writeObject/readObject, readResolve (singleton), Externalizable,
// records, enums, an explicit serialVersionUID and a class relying on the default computed
// one (printed, as programs that persist data sometimes do), and a non-serializable field.
public class Main {
    static class Node implements Serializable {
        private static final long serialVersionUID = 1L;
        String name;
        List<Node> links = new ArrayList<>();
        transient int visits = 7;
        Node(String name) { this.name = name; }
    }

    static class Secret implements Serializable {
        private static final long serialVersionUID = 2L;
        String plain;
        Secret(String plain) { this.plain = plain; }
        private void writeObject(java.io.ObjectOutputStream out) throws IOException { out.writeUTF(new StringBuilder(plain).reverse().toString()); }
        private void readObject(java.io.ObjectInputStream in) throws IOException { plain = new StringBuilder(in.readUTF()).reverse() + "!"; }
    }

    static final class Singleton implements Serializable {
        private static final long serialVersionUID = 3L;
        static final Singleton INSTANCE = new Singleton();
        private Object readResolve() { return INSTANCE; }
    }

    public static class Point3 implements Externalizable {
        int x, y, z;
        public Point3() {}
        Point3(int x, int y, int z) { this.x = x; this.y = y; this.z = z; }
        public void writeExternal(ObjectOutput out) throws IOException { out.writeInt(x); out.writeInt(y); out.writeInt(z); }
        public void readExternal(ObjectInput in) throws IOException { x = in.readInt() * 10; y = in.readInt() * 10; z = in.readInt() * 10; }
    }

    record Pair(String a, int b) implements Serializable {}
    enum Color { RED, GREEN }

    static class Defaulted implements Serializable {
        int value = 5;
        String text = "t";
        void helper() {}
        public int compute(int k) { return value * k; }
    }

    static class Holder implements Serializable {
        private static final long serialVersionUID = 4L;
        Object payload = new Object();
    }

    @SuppressWarnings("unchecked")
    static <T> T roundTrip(T o) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bos)) { out.writeObject(o); }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray()))) { return (T) in.readObject(); }
    }

    public static void main(String[] args) throws Exception {
        Node a = new Node("a"), b = new Node("b"), c = new Node("c");
        a.links.add(b); a.links.add(c); b.links.add(c); c.links.add(a);
        Node a2 = roundTrip(a);
        Node b2 = a2.links.get(0), c2 = a2.links.get(1);
        System.out.println(a2.name + " " + b2.name + " " + c2.name + " shared " + (b2.links.get(0) == c2) + " cycle " + (c2.links.get(0) == a2) + " transient " + a2.visits);
        System.out.println("secret " + roundTrip(new Secret("hidden")).plain);
        System.out.println("singleton preserved " + (roundTrip(Singleton.INSTANCE) == Singleton.INSTANCE));
        Point3 p = roundTrip(new Point3(1, 2, 3));
        System.out.println("externalizable " + p.x + " " + p.y + " " + p.z);
        System.out.println(roundTrip(new Pair("x", 9)) + " " + (roundTrip(Color.GREEN) == Color.GREEN) + " " + roundTrip(List.of(1, 2, 3)) + " " + roundTrip(new int[][] {{1}, {2, 3}})[1][1]);
        Defaulted d = roundTrip(new Defaulted());
        System.out.println("defaulted " + d.value + d.text + " " + d.compute(3));
        System.out.println("explicit uid " + ObjectStreamClass.lookup(Node.class).getSerialVersionUID());
        System.out.println("computed uid " + ObjectStreamClass.lookup(Defaulted.class).getSerialVersionUID());
        try {
            roundTrip(new Holder());
        } catch (java.io.NotSerializableException e) {
            System.out.println("not serializable: " + e.getMessage());
        }
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bos)) { out.writeObject(new Pair("size", 1)); }
        System.out.println("stream bytes " + bos.size());
    }
}
