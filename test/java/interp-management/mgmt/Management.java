package mgmt;

import java.lang.management.ClassLoadingMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryManagerMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.lang.management.MonitorInfo;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.RuntimeMXBean;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * java.lang.management as real programs use it: the pid from the runtime bean's name, thread
 * CPU times, thread infos with locks and owners, deadlock detection, memory usage, pools and
 * collectors, the operating system and class-loading beans, the platform MBean server. Prints
 * only what is the same on every run (names, counts that are facts, relations between values).
 */
public class Management {
  static final Object MONITOR = new Object();
  static final Object WAIT_ON = new Object();
  static final ReentrantLock LOCK = new ReentrantLock();

  public static void main(String[] args) throws Exception {
    runtime();
    threads();
    deadlocks();
    memory();
    system();
    server();
    flags();
  }

  static void flags() {
    com.sun.management.HotSpotDiagnosticMXBean d = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
    for (String n : new String[] {"UseCompressedOops", "ObjectAlignmentInBytes", "UseG1GC", "UseSerialGC", "HeapDumpOnOutOfMemoryError", "HeapDumpPath"}) {
      com.sun.management.VMOption o = d.getVMOption(n);
      System.out.println("flag " + o.getName() + " = '" + o.getValue() + "' " + o.getOrigin() + " writeable " + o.isWriteable());
    }
    System.out.println("max heap flag: " + (Long.parseLong(d.getVMOption("MaxHeapSize").getValue()) >= Runtime.getRuntime().maxMemory()));
    try {
      d.getVMOption("NoSuchFlagAnywhere");
    } catch (IllegalArgumentException e) {
      System.out.println("unknown flag: " + e.getMessage());
    }
    try {
      d.setVMOption("UseG1GC", "false");
    } catch (IllegalArgumentException e) {
      System.out.println("not writeable: " + e.getMessage());
    }
    d.setVMOption("HeapDumpPath", "/tmp/none.hprof");
    com.sun.management.VMOption p = d.getVMOption("HeapDumpPath");
    System.out.println("set flag: " + p.getValue() + " " + p.getOrigin());
    d.setVMOption("HeapDumpPath", "");
  }

  static void runtime() {
    RuntimeMXBean rt = ManagementFactory.getRuntimeMXBean();
    String name = rt.getName();
    String pid = Long.toString(ProcessHandle.current().pid());
    System.out.println("name is pid@host: " + name.startsWith(pid + "@") + " " + (name.length() > pid.length() + 1));
    System.out.println("getPid: " + (rt.getPid() == ProcessHandle.current().pid()));
    System.out.println("vm: " + rt.getVmName() + " | " + rt.getVmVendor().equals(System.getProperty("java.vm.vendor")) + " | " + rt.getVmVersion().equals(System.getProperty("java.vm.version")));
    System.out.println("spec: " + rt.getSpecName() + " | " + rt.getSpecVendor() + " | " + rt.getSpecVersion() + " | management " + rt.getManagementSpecVersion());
    System.out.println("input arguments: " + rt.getInputArguments());
    System.out.println("class path: " + rt.getClassPath().equals(System.getProperty("java.class.path")));
    System.out.println("boot class path supported: " + rt.isBootClassPathSupported());
    System.out.println("system property: " + rt.getSystemProperties().get("java.specification.version"));
    long up0 = rt.getUptime();
    long start = rt.getStartTime();
    long now = System.currentTimeMillis();
    long up1 = rt.getUptime();
    System.out.println("uptime: " + (up0 >= 0) + " " + (up1 >= up0) + " start " + (start > 0 && start <= now));
    System.out.println("same bean: " + (ManagementFactory.getPlatformMXBean(RuntimeMXBean.class).getName().equals(name)));
  }

  static long spin(int n) {
    long x = 0;
    for (int i = 0; i < n; i++) x += i % 7;
    return x;
  }

  static List<String> names(ThreadInfo[] infos) {
    TreeSet<String> s = new TreeSet<>();
    for (ThreadInfo i : infos) if (i != null) s.add(i.getThreadName());
    return new ArrayList<>(s);
  }

  static String top(ThreadInfo info, int n) {
    StackTraceElement[] st = info.getStackTrace();
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < Math.min(n, st.length); i++) b.append(i == 0 ? "" : " < ").append(st[i].getClassName()).append('.').append(st[i].getMethodName());
    return b.toString();
  }

  static String lockClass(String lockName) {
    return lockName == null ? "null" : lockName.substring(0, lockName.indexOf('@'));
  }

  static void awaitState(Thread t, Thread.State s) throws InterruptedException {
    while (t.getState() != s) Thread.sleep(1);
  }

  static void threads() throws Exception {
    ThreadMXBean tm = ManagementFactory.getThreadMXBean();
    System.out.println("cpu time supported: " + tm.isThreadCpuTimeSupported() + " " + tm.isCurrentThreadCpuTimeSupported() + " enabled " + tm.isThreadCpuTimeEnabled());
    System.out.println("monitor/synchronizer usage: " + tm.isObjectMonitorUsageSupported() + " " + tm.isSynchronizerUsageSupported());
    long cpu0 = tm.getCurrentThreadCpuTime();
    long user0 = tm.getCurrentThreadUserTime();
    long sink = spin(200_000);
    long cpu1 = tm.getCurrentThreadCpuTime();
    long user1 = tm.getCurrentThreadUserTime();
    System.out.println("cpu: " + (cpu0 >= 0) + " " + (cpu1 >= cpu0) + " " + (cpu1 > 0) + " user " + (user1 >= user0) + " " + (user1 <= cpu1) + " sink " + sink);
    long mainId = Thread.currentThread().getId();
    System.out.println("cpu of main by id: " + (tm.getThreadCpuTime(mainId) >= cpu1));

    Thread done = new Thread(() -> spin(1000), "done");
    done.start();
    done.join();
    System.out.println("ended thread: cpu " + tm.getThreadCpuTime(done.getId()) + " info " + tm.getThreadInfo(done.getId()));

    int base = tm.getThreadCount();
    int baseDaemon = tm.getDaemonThreadCount();
    System.out.println("threads at start: " + base + " daemon " + baseDaemon + " started " + tm.getTotalStartedThreadCount());

    CountDownLatch ready = new CountDownLatch(1);
    Thread blocked = new Thread(() -> {
      synchronized (MONITOR) {
        spin(10);
      }
    }, "blocked");
    Thread waiting = new Thread(() -> {
      synchronized (WAIT_ON) {
        ready.countDown();
        try {
          WAIT_ON.wait();
        } catch (InterruptedException e) {
          // end
        }
      }
    }, "waiting");
    Thread parked = new Thread(() -> {
      LOCK.lock();
      LOCK.unlock();
    }, "parked");
    Thread sleeper = new Thread(() -> {
      try {
        Thread.sleep(600_000);
      } catch (InterruptedException e) {
        // end
      }
    }, "sleeper");
    sleeper.setDaemon(true);
    LOCK.lock();
    synchronized (MONITOR) {
      blocked.start();
      waiting.start();
      parked.start();
      sleeper.start();
      ready.await();
      awaitState(blocked, Thread.State.BLOCKED);
      awaitState(waiting, Thread.State.WAITING);
      while (!LOCK.hasQueuedThread(parked)) Thread.sleep(1);
      awaitState(parked, Thread.State.WAITING);
      awaitState(sleeper, Thread.State.TIMED_WAITING);
      System.out.println("threads now: " + (tm.getThreadCount() - base) + " more, daemon " + (tm.getDaemonThreadCount() - baseDaemon) + " more, peak " + (tm.getPeakThreadCount() - base) + " more, started " + tm.getTotalStartedThreadCount());
      long[] ids = tm.getAllThreadIds();
      System.out.println("all ids: " + ids.length + " main " + Arrays.stream(ids).anyMatch(i -> i == mainId));
      System.out.println("names: " + names(tm.getThreadInfo(ids)));
      System.out.println("dump names: " + names(tm.dumpAllThreads(false, false)));

      ThreadInfo b = tm.getThreadInfo(blocked.getId(), Integer.MAX_VALUE);
      System.out.println("blocked: " + b.getThreadState() + " lock " + lockClass(b.getLockName()) + " owner " + b.getLockOwnerName() + " " + (b.getLockOwnerId() == mainId) + " top " + top(b, 1) + " daemon " + b.isDaemon() + " priority " + b.getPriority() + " native " + b.isInNative() + " suspended " + b.isSuspended());
      System.out.println("blocked lock info: " + b.getLockInfo().getClassName() + " " + (b.getLockInfo().getIdentityHashCode() == System.identityHashCode(MONITOR)));
      ThreadInfo w = tm.getThreadInfo(waiting.getId(), Integer.MAX_VALUE);
      System.out.println("waiting: " + w.getThreadState() + " lock " + lockClass(w.getLockName()) + " owner " + w.getLockOwnerName() + " " + w.getLockOwnerId() + " frames " + w.getStackTrace().length + " last " + w.getStackTrace()[w.getStackTrace().length - 1].getMethodName());
      ThreadInfo p = tm.getThreadInfo(parked.getId(), 3);
      System.out.println("parked: " + p.getThreadState() + " lock " + lockClass(p.getLockName()) + " owner " + p.getLockOwnerName() + " frames " + p.getStackTrace().length + " top " + top(p, 1));
      ThreadInfo s = tm.getThreadInfo(sleeper.getId(), 0);
      System.out.println("sleeper: " + s.getThreadState() + " lock " + s.getLockName() + " frames " + s.getStackTrace().length + " daemon " + s.isDaemon());

      ThreadInfo m = tm.getThreadInfo(new long[] {mainId}, true, true)[0];
      System.out.println("main: " + m.getThreadState() + " lock " + m.getLockName());
      for (MonitorInfo mi : m.getLockedMonitors()) {
        StackTraceElement f = mi.getLockedStackFrame();
        System.out.println("  locked monitor " + mi.getClassName() + " in " + f.getMethodName() + " at the frame's depth: " + m.getStackTrace()[mi.getLockedStackDepth()].equals(f) + " same object: " + (mi.getIdentityHashCode() == System.identityHashCode(MONITOR)));
      }
      for (LockInfo li : m.getLockedSynchronizers()) System.out.println("  locked synchronizer " + li.getClassName());
      ThreadInfo[] wl = tm.getThreadInfo(new long[] {waiting.getId(), blocked.getId()}, true, false);
      System.out.println("waiting holds " + wl[0].getLockedMonitors().length + ", blocked holds " + wl[1].getLockedMonitors().length + ", synchronizers not asked " + wl[1].getLockedSynchronizers().length);
      System.out.println("deadlocked now: " + tm.findDeadlockedThreads() + " " + tm.findMonitorDeadlockedThreads());
    }
    LOCK.unlock();
    synchronized (WAIT_ON) {
      WAIT_ON.notifyAll();
    }
    blocked.join();
    waiting.join();
    parked.join();
    sleeper.interrupt();
    sleeper.join();
    System.out.println("after: " + (tm.getThreadCount() - base) + " more, peak " + (tm.getPeakThreadCount() - base) + " more");
    tm.resetPeakThreadCount();
    System.out.println("peak reset: " + (tm.getPeakThreadCount() == tm.getThreadCount()));
    tm.setThreadCpuTimeEnabled(false);
    System.out.println("cpu time off: " + tm.getCurrentThreadCpuTime() + " " + tm.isThreadCpuTimeEnabled());
    tm.setThreadCpuTimeEnabled(true);
    System.out.println("cpu time on: " + (tm.getCurrentThreadCpuTime() > 0));
  }

  static void deadlocks() throws Exception {
    ThreadMXBean tm = ManagementFactory.getThreadMXBean();
    Object a = new Object();
    Object b = new Object();
    CountDownLatch both = new CountDownLatch(2);
    Thread t1 = new Thread(() -> {
      synchronized (a) {
        both.countDown();
        try { both.await(); } catch (InterruptedException e) { return; }
        synchronized (b) { spin(1); }
      }
    }, "dl-monitor-1");
    Thread t2 = new Thread(() -> {
      synchronized (b) {
        both.countDown();
        try { both.await(); } catch (InterruptedException e) { return; }
        synchronized (a) { spin(1); }
      }
    }, "dl-monitor-2");
    ReentrantLock l1 = new ReentrantLock();
    ReentrantLock l2 = new ReentrantLock();
    CountDownLatch both2 = new CountDownLatch(2);
    Thread t3 = new Thread(() -> {
      l1.lock();
      both2.countDown();
      try { both2.await(); } catch (InterruptedException e) { return; }
      l2.lock();
    }, "dl-lock-1");
    Thread t4 = new Thread(() -> {
      l2.lock();
      both2.countDown();
      try { both2.await(); } catch (InterruptedException e) { return; }
      l1.lock();
    }, "dl-lock-2");
    for (Thread t : new Thread[] {t1, t2, t3, t4}) {
      t.setDaemon(true);
      t.start();
    }
    awaitState(t1, Thread.State.BLOCKED);
    awaitState(t2, Thread.State.BLOCKED);
    // (WAITING alone could still be the latch's await.)
    while (!l2.hasQueuedThread(t3) || !l1.hasQueuedThread(t4)) Thread.sleep(1);
    System.out.println("monitor deadlock: " + names(tm.getThreadInfo(tm.findMonitorDeadlockedThreads())));
    System.out.println("any deadlock: " + names(tm.getThreadInfo(tm.findDeadlockedThreads())));
    ThreadInfo i3 = tm.getThreadInfo(new long[] {t3.getId()}, true, true)[0];
    System.out.println("dl-lock-1 waits for " + lockClass(i3.getLockName()) + " held by " + i3.getLockOwnerName() + ", holds " + i3.getLockedSynchronizers().length + " synchronizer(s)");
    ThreadInfo i1 = tm.getThreadInfo(new long[] {t1.getId()}, true, true)[0];
    System.out.println("dl-monitor-1 waits for " + lockClass(i1.getLockName()) + " held by " + i1.getLockOwnerName() + ", holds " + i1.getLockedMonitors().length + " monitor(s) in " + i1.getLockedMonitors()[0].getLockedStackFrame().getMethodName());
  }

  static String usage(MemoryUsage u) {
    if (u == null) return "null";
    boolean ok = u.getInit() >= -1 && u.getUsed() >= 0 && u.getCommitted() >= u.getUsed() && (u.getMax() == -1 || u.getMax() >= u.getCommitted());
    return ok ? "consistent" : "inconsistent " + u;
  }

  static void memory() {
    MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
    MemoryUsage heap = mem.getHeapMemoryUsage();
    System.out.println("heap: " + usage(heap) + " max " + (heap.getMax() == Runtime.getRuntime().maxMemory()) + ", non-heap: " + usage(mem.getNonHeapMemoryUsage()) + " max " + mem.getNonHeapMemoryUsage().getMax());
    System.out.println("pending finalization: " + mem.getObjectPendingFinalizationCount() + " verbose " + mem.isVerbose());
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      System.out.println("collector " + gc.getName() + " " + Arrays.toString(gc.getMemoryPoolNames()) + " valid " + gc.isValid() + " count " + (gc.getCollectionCount() >= 0) + " time " + (gc.getCollectionTime() >= 0) + " " + gc.getObjectName() + " " + (gc instanceof com.sun.management.GarbageCollectorMXBean));
    }
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      System.out.println("pool " + p.getName() + " | " + p.getType() + " | " + Arrays.toString(p.getMemoryManagerNames()) + " | usage " + usage(p.getUsage()) + " peak " + usage(p.getPeakUsage()) + " after gc " + usage(p.getCollectionUsage())
          + " | thresholds " + p.isUsageThresholdSupported() + " " + p.isCollectionUsageThresholdSupported() + " valid " + p.isValid());
      if (p.isUsageThresholdSupported()) {
        long max = p.getUsage().getMax();
        long threshold = max > 0 ? max : 1L << 40;
        p.setUsageThreshold(threshold);
        System.out.println("  threshold " + (p.getUsageThreshold() == threshold) + " exceeded " + p.isUsageThresholdExceeded() + " count " + p.getUsageThresholdCount());
        p.setUsageThreshold(0);
      }
      p.resetPeakUsage();
    }
    for (MemoryManagerMXBean m : ManagementFactory.getMemoryManagerMXBeans()) System.out.println("manager " + m.getName() + " " + Arrays.toString(m.getMemoryPoolNames()));
  }

  static void system() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    System.out.println("os: " + os.getName() + " " + os.getArch() + " " + os.getVersion().equals(System.getProperty("os.version")) + " processors " + (os.getAvailableProcessors() == Runtime.getRuntime().availableProcessors()) + " load " + (os.getSystemLoadAverage() >= 0 || os.getSystemLoadAverage() == -1.0));
    com.sun.management.UnixOperatingSystemMXBean u = (com.sun.management.UnixOperatingSystemMXBean) os;
    double cpu = u.getCpuLoad();
    double proc = u.getProcessCpuLoad();
    System.out.println("memory: " + (u.getTotalMemorySize() > 0) + " " + (u.getFreeMemorySize() >= 0 && u.getFreeMemorySize() <= u.getTotalMemorySize()) + " swap " + (u.getFreeSwapSpaceSize() >= 0 && u.getFreeSwapSpaceSize() <= u.getTotalSwapSpaceSize()) + " virtual " + (u.getCommittedVirtualMemorySize() > 0));
    System.out.println("cpu: " + (u.getProcessCpuTime() > 0) + " load " + ((cpu >= 0 && cpu <= 1) || cpu < 0) + " " + ((proc >= 0 && proc <= 1) || proc < 0));
    System.out.println("fds: " + (u.getOpenFileDescriptorCount() > 2) + " " + (u.getMaxFileDescriptorCount() >= u.getOpenFileDescriptorCount()));
    ClassLoadingMXBean cl = ManagementFactory.getClassLoadingMXBean();
    int loaded = cl.getLoadedClassCount();
    System.out.println("classes: " + (loaded > 300) + " " + (cl.getTotalLoadedClassCount() >= loaded) + " unloaded " + (cl.getUnloadedClassCount() >= 0) + " verbose " + cl.isVerbose());
    new Management().hashCode();
    System.out.println("classes grow: " + (cl.getTotalLoadedClassCount() >= loaded));
  }

  static void server() throws Exception {
    MBeanServer s = ManagementFactory.getPlatformMBeanServer();
    ObjectName runtime = new ObjectName("java.lang:type=Runtime");
    System.out.println("server: " + s.isRegistered(runtime) + " " + s.getAttribute(runtime, "VmName") + " " + s.getAttribute(runtime, "SpecVersion"));
    System.out.println("threading: " + (s.getAttribute(new ObjectName("java.lang:type=Threading"), "ThreadCount") instanceof Integer));
    CompositeData heap = (CompositeData) s.getAttribute(new ObjectName("java.lang:type=Memory"), "HeapMemoryUsage");
    System.out.println("heap over the server: " + ((Long) heap.get("used") >= 0) + " " + usage(MemoryUsage.from(heap)));
    System.out.println("processors over the server: " + s.getAttribute(new ObjectName("java.lang:type=OperatingSystem"), "AvailableProcessors").equals(Runtime.getRuntime().availableProcessors()));
    System.out.println("pools: " + new TreeSet<>(s.queryNames(new ObjectName("java.lang:type=MemoryPool,*"), null)));
    System.out.println("collectors: " + new TreeSet<>(s.queryNames(new ObjectName("java.lang:type=GarbageCollector,*"), null)));
    for (String n : new String[] {"ClassLoading", "Memory", "OperatingSystem", "Runtime", "Threading"}) System.out.println("  " + n + " " + s.isRegistered(new ObjectName("java.lang:type=" + n)));
    System.out.println("diagnostic bean: " + s.isRegistered(new ObjectName("com.sun.management:type=DiagnosticCommand")) + " " + s.isRegistered(new ObjectName("com.sun.management:type=HotSpotDiagnostic")));
  }
}
