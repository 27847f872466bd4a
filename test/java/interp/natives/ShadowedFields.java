import java.io.*;
import java.lang.invoke.*;
import java.lang.ref.*;
import java.util.Arrays;

/**
 * Subclasses of JDK classes with their own fields named like the JDK's private fields the VM
 * reads (Thread.interrupted, threadStatus, name, daemon, eetop; Throwable.depth, backtrace,
 * detailMessage; ClassLoader.name; Reference.referent; File.path; FileInputStream.fd;
 * CallSite.target): the VM must use the JDK's fields, not the subclass's.
 */
public class ShadowedFields {
  static class Worker extends Thread {
    boolean interrupted;
    int threadStatus = 77;
    String name = "shadow";
    boolean daemon = true;
    long eetop = 0;
    final Object lock = new Object();
    volatile String result = "none";

    Worker() {
      super("worker");
    }

    @Override
    public void run() {
      synchronized (lock) {
        try {
          lock.wait(10000);
          result = "timed out";
        } catch (InterruptedException e) {
          result = "interrupted: " + isInterrupted();
        }
      }
      interrupt();
      try {
        Thread.sleep(10000);
        result += ", slept";
      } catch (InterruptedException e) {
        result += ", sleep interrupted: " + isInterrupted();
      }
    }
  }

  static class MyException extends Exception {
    int depth = 99;
    Object backtrace = "mine";
    String detailMessage = "shadow message";
    MyException(String m) {
      super(m);
    }
  }

  static class MyLoader extends ClassLoader {
    String name = "shadow-loader";
    MyLoader() {
      super("real-loader", ShadowedFields.class.getClassLoader());
    }

    @Override
    protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
      if (!n.equals("ShadowedFields$Helper")) return super.loadClass(n, resolve);
      synchronized (getClassLoadingLock(n)) {
        Class<?> c = findLoadedClass(n);
        if (c != null) return c;
        try (InputStream in = ShadowedFields.class.getResourceAsStream("ShadowedFields$Helper.class")) {
          byte[] b = in.readAllBytes();
          return defineClass(n, b, 0, b.length);
        } catch (IOException e) {
          throw new ClassNotFoundException(n, e);
        }
      }
    }
  }

  static class MyRef extends WeakReference<Object> {
    Object referent = "shadow";
    MyRef(Object o) {
      super(o);
    }
  }

  static class MyFile extends File {
    String path = "/shadow/path";
    MyFile(String p) {
      super(p);
    }
  }

  static class MyStream extends FileInputStream {
    FileDescriptor fd = null;
    MyStream(File f) throws FileNotFoundException {
      super(f);
    }
  }

  static class MySite extends MutableCallSite {
    MethodHandle target = null;
    MySite(MethodType t) {
      super(t);
    }
  }

  static String hello() {
    return "hello";
  }

  public static void main(String[] args) throws Throwable {
    Worker w = new Worker();
    System.out.println("before start: " + w.getState() + " alive " + w.isAlive() + " daemon " + w.isDaemon() + " name " + w.getName());
    w.start();
    while (w.getState() != Thread.State.TIMED_WAITING) Thread.yield();
    System.out.println("waiting: " + w.getState() + " alive " + w.isAlive() + " interrupted " + w.isInterrupted());
    w.interrupt();
    w.join();
    System.out.println(w.result + ", state " + w.getState() + " alive " + w.isAlive());

    MyException e = new MyException("real message");
    System.out.println(e.getMessage() + " " + e.getStackTrace().length + " " + e.getStackTrace()[0].getMethodName());

    MyLoader l = new MyLoader();
    Class<?> c = Class.forName("ShadowedFields$Helper", true, l);
    System.out.println("loader " + l.getName() + " " + c.getClassLoader().getName());
    StackTraceElement[] st = (StackTraceElement[]) c.getMethod("trace").invoke(null);
    System.out.println("frame " + st[0]);

    Object target = new Object();
    MyRef r = new MyRef(target);
    System.out.println("refersTo " + r.refersTo(target) + " " + (r.get() == target));
    r.clear();
    System.out.println("cleared " + r.refersTo(null) + " " + r.referent);

    File dir = new File("shadowdir");
    dir.mkdir();
    MyFile f = new MyFile("shadowdir/f.txt");
    try (FileOutputStream out = new FileOutputStream(f)) {
      out.write(new byte[] {1, 2, 3});
    }
    System.out.println("file exists " + f.exists() + " length " + f.length() + " list " + Arrays.toString(new MyFile("shadowdir").list()));
    try (MyStream in = new MyStream(f)) {
      System.out.println("stream available " + in.available() + " read " + in.read());
    }

    MySite site = new MySite(MethodType.methodType(String.class));
    site.setTarget(MethodHandles.lookup().findStatic(ShadowedFields.class, "hello", MethodType.methodType(String.class)));
    System.out.println("site " + (String) site.dynamicInvoker().invokeExact());
  }

  public static class Helper {
    public static StackTraceElement[] trace() {
      return new Throwable().getStackTrace();
    }
  }
}
