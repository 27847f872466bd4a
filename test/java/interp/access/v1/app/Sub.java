package app;

/** A subclass in another package: protected members of lib.Members are open to it. */
public class Sub extends lib.Members {
  public int viaSubclass() { return protField + protInstField + protMethod() + protInstMethod() + new Sub().protInstField; }
}
