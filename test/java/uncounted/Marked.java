/** transform-uncounted.test.ts marks two instructions of f as not counted (as the HotSpot engine's patch does). */
public class Marked {
  static int f(int x) {
    return x * 3 + 1;
  }

  public static void main(String[] args) {
    int s = 0;
    for (int i = 0; i < 1000; i++) s += f(i);
    System.out.println(s);
  }
}
