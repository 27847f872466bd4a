package ld.iso;

public class Oops extends RuntimeException {
  public Oops(String message) {
    super(message);
  }
}
