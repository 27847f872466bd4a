// The identity hashes of lambda proxies java 17's and 25's CDS archives hold: Collectors.joining's
// supplier (a capturing lambda), accumulator, combiner and finisher, and toSet's supplier (a
// constructor reference), each its class's mirror, with `new Object()` marks between (a mirror
// that draws moves the next mark). HotSpot maps those mirrors with the dump's hashes.
// Test: hotspot-all-hashes.test.ts, ArchivedProxyHashes (JDK 17); hotspot-jdk25.test.ts (JDK 25).
import java.util.stream.Collector;
import java.util.stream.Collectors;

public class ArchivedProxyHashes {
    public static void main(String[] args) {
        System.out.println("start " + Integer.toHexString(System.identityHashCode(new Object())));
        Collector<CharSequence, ?, String> joining = Collectors.joining(",", "[", "]");
        Object[] parts = {joining.supplier(), joining.accumulator(), joining.combiner(), joining.finisher(), Collectors.toSet().supplier()};
        String[] names = {"supplier", "accumulator", "combiner", "finisher", "toSet"};
        for (int i = 0; i < parts.length; i++) {
            int h = System.identityHashCode(parts[i].getClass());
            System.out.println(names[i] + " " + Integer.toHexString(h) + " mark " + Integer.toHexString(System.identityHashCode(new Object())));
        }
    }
}
