/** A class in the unnamed package. */
public class Top {
  public static int answer() {
    return 42;
  }
}
