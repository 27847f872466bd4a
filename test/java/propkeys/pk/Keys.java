package pk;

import java.util.TreeSet;

/** Prints the names of the komorium.* system properties, sorted (the runtime's keys the program's Properties table holds). */
public class Keys {
    public static void main(String[] args) {
        TreeSet<String> keys = new TreeSet<>();
        for (Object k : System.getProperties().keySet()) {
            String s = String.valueOf(k);
            if (s.startsWith("komorium.")) keys.add(s);
        }
        System.out.println(String.join(",", keys));
    }
}
