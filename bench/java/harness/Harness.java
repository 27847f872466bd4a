package harness;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Runs a workload several times in one JVM and prints what the benchmark runner reads:
 *
 * <pre>
 * checksum 1f3a...          (the workload's result; every iteration must agree)
 * times-us 812345 402311 ... (wall time of each iteration, microseconds)
 * cpu-us 801000 400000 ...   (CPU time of the main thread in each iteration, microseconds)
 * proc-cpu-us 0 905000 ...   (CPU time of the whole process, all threads, before the first and
 *                             after each iteration; the OS updates it in steps of ~10 ms)
 * </pre>
 *
 * Arguments: [iterations] [scale]. The scale multiplies the problem size (1.0 = full size).
 *
 * <p>With {@code -Dharness.jmx=false} the harness touches only java.base: no ThreadMXBean, no
 * OperatingSystemMXBean ({@code cpu-us} and {@code proc-cpu-us} print -1). bench/interp.ts runs
 * the workloads that way on the embedded JVM (and, for a fair comparison, on HotSpot too) and
 * measures the process CPU time from outside.
 */
public final class Harness {
  /** One iteration of a benchmark: computes everything from scratch and returns a checksum. */
  public interface Workload {
    long run(double scale);
  }

  private Harness() {}

  public static void run(String name, String[] args, Workload w) {
    int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    double scale = args.length > 1 ? Double.parseDouble(args[1]) : 1.0;
    if (iterations < 1 || !(scale > 0)) throw new IllegalArgumentException("usage: " + name + " [iterations>=1] [scale>0]");
    Jmx mx = "false".equals(System.getProperty("harness.jmx")) ? null : new Jmx();
    boolean cpu = mx != null && mx.threadCpu();
    long[] times = new long[iterations];
    long[] cpuTimes = new long[iterations];
    long[] procCpu = new long[iterations + 1];
    procCpu[0] = mx == null ? -1 : mx.processCpuNanos();
    long first = 0;
    for (int i = 0; i < iterations; i++) {
      long c0 = cpu ? mx.threadCpuNanos() : 0;
      long t0 = System.nanoTime();
      long r = w.run(scale);
      times[i] = (System.nanoTime() - t0) / 1000;
      cpuTimes[i] = cpu ? (mx.threadCpuNanos() - c0) / 1000 : -1;
      procCpu[i + 1] = mx == null ? -1 : mx.processCpuNanos();
      if (i == 0) {
        first = r;
      } else if (r != first) {
        System.out.println("checksum MISMATCH in iteration " + i + ": " + Long.toHexString(r) + " != " + Long.toHexString(first));
        System.exit(3);
      }
    }
    System.out.println("checksum " + Long.toHexString(first));
    // -Dharness.times=false: no times (bench/accuracy.ts in scope all: their digits, formatted by
    // counted JDK code, would make two runs count different bytecodes).
    if ("false".equals(System.getProperty("harness.times"))) return;
    StringBuilder sb = new StringBuilder("times-us");
    for (long t : times) sb.append(' ').append(t);
    System.out.println(sb);
    sb.setLength(0);
    sb.append("cpu-us");
    for (long t : cpuTimes) sb.append(' ').append(t);
    System.out.println(sb);
    sb.setLength(0);
    sb.append("proc-cpu-us");
    for (long t : procCpu) sb.append(' ').append(t < 0 ? -1 : (t - procCpu[0]) / 1000);
    System.out.println(sb);
  }

  /** The JMX clocks, in a class of their own so that it loads only when used. */
  private static final class Jmx {
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    boolean threadCpu() {
      return threads.isCurrentThreadCpuTimeSupported();
    }

    long threadCpuNanos() {
      return threads.getCurrentThreadCpuTime();
    }

    /** CPU time of the whole JVM process in nanoseconds, -1 if unavailable. */
    long processCpuNanos() {
      java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
      if (os instanceof com.sun.management.OperatingSystemMXBean) return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
      return -1;
    }
  }

  /** Scales a size, at least `min`. */
  public static int size(double scale, int full, int min) {
    return Math.max(min, (int) Math.round(full * scale));
  }

  /** Mixes a value into a running checksum. */
  public static long mix(long h, long v) {
    h ^= v + 0x9e3779b97f4a7c15L + (h << 6) + (h >>> 2);
    return h;
  }
}
