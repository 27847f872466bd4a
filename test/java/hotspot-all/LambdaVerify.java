import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.ToIntFunction;

// Lambda proxies that HotSpot's verifier links names for (branch id25m): a proxy is a hidden
// class of the program's loader, verified when LambdaMetafactory defines it during the call
// site's linkage. On JDK 25 the proxy of Integer::sum unboxes through Number.intValue, so the
// verifier loads java.lang.Number through the application loader there, uncounted; the embedded
// engine did not verify hidden classes and loaded it at the proxy's first call, counted.
public class LambdaVerify {
    public static void main(String[] args) {
        Map<String, Integer> counts = new HashMap<>();
        for (String w : "a b a c b a".split(" ")) counts.merge(w, 1, Integer::sum);
        BiFunction<Long, Long, Long> lmax = Long::max;
        ToIntFunction<Short> widen = Short::intValue;
        System.out.println(counts + " " + lmax.apply(3L, 4L) + " " + widen.applyAsInt((short) 7));
    }
}
