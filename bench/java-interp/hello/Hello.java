package hello;

/** Start-up of an engine: bench/interp.ts times this program from launch to exit. */
public final class Hello {
  private Hello() {}

  public static void main(String[] args) {
    System.out.println("Hello, world!");
  }
}
