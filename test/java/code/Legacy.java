package code;

/**
 * Host for the jsr/ret test: the test rewrites f's body to use a subroutine and marks the class
 * version 49 (where jsr/ret are legal and the old inference verifier runs). Kept free of
 * invokedynamic (no string concatenation or lambdas), which version 49 does not allow.
 */
public class Legacy {
  static int f(int x) {
    return x + 1;
  }

  public static void main(String[] args) {
    System.out.println(f(4));
    System.out.println(f(-1));
  }
}
