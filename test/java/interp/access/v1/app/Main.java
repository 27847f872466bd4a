package app;

import java.util.function.IntSupplier;

/**
 * Compiled against v1 of lib, run with v2's lib.Hidden, lib.Members and lib.Base: each access
 * that v2 forbids must fail with java's IllegalAccessError, at each kind of reference (class,
 * array class, field, method, constructor), and the accesses it still allows must work.
 */
public class Main {
  static class Nested {
    private static int secret() { return 12; }
  }

  static void attempt(String what, IntSupplier s) {
    try {
      System.out.println(what + ": " + s.getAsInt());
    } catch (Throwable e) {
      System.out.println(what + ": " + e);
    }
  }

  public static void main(String[] args) {
    attempt("new", () -> new lib.Hidden().hashCode() * 0);
    attempt("static call", () -> lib.Hidden.value());
    attempt("array", () -> new lib.Hidden[2].length);
    attempt("multi array", () -> new lib.Hidden[2][3].length);
    attempt("class literal", () -> lib.Hidden.class.getName().length());
    attempt("instanceof", () -> ((Object) "x") instanceof lib.Hidden ? 1 : 0);
    attempt("checkcast null", () -> ((lib.Hidden) (Object) null) == null ? 1 : 0);
    attempt("new again", () -> new lib.Hidden().hashCode() * 0);
    attempt("private field", () -> lib.Members.privField);
    attempt("package field", () -> lib.Members.pkgField);
    attempt("put package field", () -> { lib.Members.pkgField = 3; return 0; });
    attempt("protected field", () -> lib.Members.protField);
    attempt("protected instance field", () -> new lib.Members().protInstField);
    attempt("private method", () -> lib.Members.privMethod());
    attempt("package method", () -> lib.Members.pkgMethod());
    attempt("protected method", () -> lib.Members.protMethod());
    attempt("protected instance method", () -> new lib.Members().protInstMethod());
    attempt("private constructor", () -> new lib.Members(1).hashCode() * 0);
    attempt("public method", () -> lib.Members.stillPublic());
    attempt("from subclass", () -> new Sub().viaSubclass());
    attempt("abstract package method", () -> ((lib.Base) new Impl()).run());
    attempt("protected static from subclass", () -> new Impl().viaHelper());
    attempt("array clone", () -> new int[] {1, 2, 3}.clone().length);
    attempt("nestmate private", () -> Nested.secret());
    attempt("nestmates, host not loaded", () -> new Pair.A().callB());
  }
}
