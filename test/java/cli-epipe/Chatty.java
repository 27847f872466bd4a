/** Prints many lines, for a reader that closes the pipe after the first ones. */
public class Chatty {
  public static void main(String[] args) {
    long s = 0;
    for (int i = 0; i < 20000; i++) {
      System.out.println("line " + i);
      s += i;
    }
    System.err.println("done " + s);
  }
}
