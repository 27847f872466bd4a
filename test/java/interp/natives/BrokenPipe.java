/**
 * Prints lines until the reader of stdout closes the pipe: System.out's checkError() then
 * becomes true (the write failed with EPIPE), and the program says so on stderr.
 */
public class BrokenPipe {
  public static void main(String[] args) {
    for (int i = 0; i < 2_000_000; i++) {
      System.out.println("line " + i);
      if (System.out.checkError()) {
        System.err.println("checkError: true");
        System.err.println("still false after: " + System.out.checkError());
        return;
      }
    }
    System.err.println("checkError: false");
  }
}
