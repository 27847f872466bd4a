package libs;

import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.commons.math3.util.FastMath;

// Small, deterministic uses of Debian's commons-math3 jar (issue 15 item 2 on real libraries),
// run from the jars on both engines with the JDK instrumented. No lambdas of its own.
public class Math3Use {
    public static void main(String[] args) {
        DescriptiveStatistics d = new DescriptiveStatistics();
        for (int i = 0; i < 500; i++) d.addValue((i * 37 % 101) / 7.0);
        System.out.println(d.getMean() + " " + d.getStandardDeviation() + " " + d.getPercentile(90));
        double t = 0;
        for (int i = 1; i < 200; i++) t += FastMath.sqrt(i) + FastMath.floor(i / 3.0);
        System.out.println(t);
    }
}
