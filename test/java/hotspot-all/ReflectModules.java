import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;

// Classes generated for reflection (JDK 17: serialization constructors and, past the inflation
// threshold, method accessors, defined by a DelegatingClassLoader) are in the module of the
// loader's parent: java.base for a JDK class, the application loader's unnamed module for a
// class-path class. So Class.newInstance of an accessor for a JDK class finds the caller's module
// equal in Reflection.verifyModuleAccess, and no package name is computed.
public class ReflectModules {
    static class Item implements Serializable {
        private static final long serialVersionUID = 1L;
        String name;
        List<Integer> values = new ArrayList<>();
        Item(String name) { this.name = name; }
    }

    public static void main(String[] args) throws Exception {
        List<Object> graph = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Item it = new Item("item" + i);
            it.values.add(i);
            graph.add(it);
        }
        graph.add(new LinkedList<>(List.of("a", "b")));
        graph.add(new StringBuilder("sb"));
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bos)) { out.writeObject(graph); }
        Object back;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray()))) { back = in.readObject(); }
        List<?> l = (List<?>) back;
        System.out.println(l.size() + " " + ((Item) l.get(2)).name + " " + ((Item) l.get(2)).values + " " + l.get(3) + " " + l.get(4));
        Method m = StringBuilder.class.getMethod("append", String.class);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 20; i++) m.invoke(sb, "x");
        Method own = ReflectModules.class.getDeclaredMethod("twice", int.class);
        int sum = 0;
        for (int i = 0; i < 20; i++) sum += (Integer) own.invoke(null, i);
        System.out.println(sb.length() + " " + sum);
    }

    static int twice(int x) { return 2 * x; }
}
