package mgmt;

import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;
import java.lang.management.ThreadMXBean;

/**
 * The management beans' times on the virtual clock: the uptime, thread and process CPU times are
 * printed as numbers (the same on every run of the embedded JVM with --clock virtual).
 */
public class Clock {
  static long spin(int n) {
    long x = 0;
    for (int i = 0; i < n; i++) x += i % 7;
    return x;
  }

  public static void main(String[] args) throws Exception {
    RuntimeMXBean rt = ManagementFactory.getRuntimeMXBean();
    ThreadMXBean tm = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpu0 = tm.getCurrentThreadCpuTime();
    long up0 = rt.getUptime();
    long sink = spin(100_000);
    long cpu1 = tm.getCurrentThreadCpuTime();
    long up1 = rt.getUptime();
    Thread worker = new Thread(() -> spin(50_000), "worker");
    worker.start();
    long workerCpu = 0;
    while (worker.isAlive()) workerCpu = Math.max(workerCpu, tm.getThreadCpuTime(worker.getId()));
    worker.join();
    long nano = System.nanoTime();
    long up2 = rt.getUptime();
    System.out.println("sink " + sink);
    System.out.println("cpu " + cpu0 + " " + cpu1 + " worker " + workerCpu);
    System.out.println("uptime " + up0 + " " + up1 + " " + up2 + " nanoTime/1e6 " + nano / 1_000_000);
    System.out.println("process cpu " + os.getProcessCpuTime());
    System.out.println("start + uptime <= now: " + (rt.getStartTime() + up2 <= System.currentTimeMillis()));
  }
}
