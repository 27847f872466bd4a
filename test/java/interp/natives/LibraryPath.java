/** The library search path HotSpot reports: LD_LIBRARY_PATH, then the JDK's compiled-in default. */
public class LibraryPath {
  public static void main(String[] args) {
    System.out.println("java.library.path=" + System.getProperty("java.library.path"));
    System.out.println("LD_LIBRARY_PATH=" + System.getenv("LD_LIBRARY_PATH"));
    try {
      System.loadLibrary("komorium-no-such-library");
    } catch (UnsatisfiedLinkError e) {
      System.out.println(e.getMessage());
    }
  }
}
