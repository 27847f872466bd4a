package libs;

import com.google.common.base.Joiner;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSortedMap;
import com.google.common.math.IntMath;

// Small, deterministic uses of Debian's Guava jar (issue 15 item 2 on real libraries), run from
// the jars on both engines with the JDK instrumented. No lambdas of its own.
public class GuavaUse {
    public static void main(String[] args) {
        ImmutableList<String> l = ImmutableList.of("pear", "apple", "fig", "banana", "cherry");
        System.out.println(Joiner.on(',').join(ImmutableList.sortedCopyOf(l)));
        ImmutableSortedMap.Builder<String, Integer> b = ImmutableSortedMap.naturalOrder();
        for (String s : l) b.put(s, s.length());
        System.out.println(b.build());
        long s = 0;
        for (int i = 1; i < 300; i++) s += IntMath.gcd(i * 7, 210) + IntMath.log2(i, java.math.RoundingMode.FLOOR);
        System.out.println(s);
    }
}
