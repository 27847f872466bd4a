import java.io.*;

/**
 * Class files that fail to load, as HotSpot reports them: a newer or invalid class version
 * (UnsupportedClassVersionError), a bad magic number and a truncated file (ClassFormatError),
 * through defineClass (with and without a name) and from the class path: the test patches the
 * class files of the nested classes Major70, Major44, Minor3, Preview, Magic and Truncated
 * in its copy of the class directory (the bytes javac wrote load fine).
 */
public class BadClasses {
  public static class Victim {
    public static String hi() {
      return "hi";
    }
  }

  public static class Major70 {}
  public static class Major44 {}
  public static class Minor3 {}
  public static class Preview {}
  public static class Magic {}
  public static class Truncated {}

  static byte[] original() throws IOException {
    try (InputStream in = BadClasses.class.getResourceAsStream("BadClasses$Victim.class")) {
      return in.readAllBytes();
    }
  }

  static void define(String label, byte[] bytes) {
    for (String name : new String[] {"BadClasses$Victim", null}) {
      try {
        new ClassLoader(null) {
          Class<?> define() {
            return defineClass(name, bytes, 0, bytes.length);
          }
        }.define();
        System.out.println(label + " (" + name + "): defined");
      } catch (Throwable e) {
        System.out.println(label + " (" + name + "): " + e);
      }
    }
  }

  static byte[] version(byte[] ok, int major, int minor) {
    byte[] b = ok.clone();
    b[4] = (byte) (minor >> 8);
    b[5] = (byte) minor;
    b[6] = (byte) (major >> 8);
    b[7] = (byte) major;
    return b;
  }

  public static void main(String[] args) throws Exception {
    byte[] ok = original();
    int max = ok[7];
    define("ok", ok);
    define("next major", version(ok, max + 1, 0));
    define("major 70", version(ok, 70, 0));
    define("major 44", version(ok, 44, 0));
    define("major 45", version(ok, 45, 0));
    define("minor 3", version(ok, max, 3));
    define("old minor 3", version(ok, 55, 3));
    define("preview", version(ok, max, 0xffff));
    define("old preview", version(ok, max - 1, 0xffff));
    byte[] magic = ok.clone();
    magic[0] = 0;
    define("magic", magic);
    define("truncated", java.util.Arrays.copyOf(ok, ok.length / 2));
    define("header only", java.util.Arrays.copyOf(ok, 8));
    define("seven bytes", java.util.Arrays.copyOf(ok, 7));
    define("empty", new byte[0]);
    for (String n : new String[] {"Major70", "Major44", "Minor3", "Preview", "Magic", "Truncated"}) {
      try {
        Class<?> c = Class.forName("BadClasses$" + n);
        System.out.println(n + ": loaded " + c.getName());
      } catch (Throwable e) {
        System.out.println(n + ": " + e);
      }
    }
  }
}
