// Classes made invalid by test/helpers/verify-cases.ts (bytecode edits after javac): each must
// fail verification with HotSpot's VerifyError, caught here; the last one is left uncaught.
public class Main {
  public static void main(String[] args) {
    String only = args.length > 0 ? args[0] : null;
    Runnable[] cases = {
      () -> V1.run(), () -> V2.run(), () -> V3.run(), () -> V4.run(), () -> V5.run(), () -> V6.run(),
      () -> V7.run(), () -> new V8(), () -> V9.run(), () -> V10.run(), () -> System.out.println(new V11().toString()),
      () -> V12.run(),
    };
    if (only != null) {
      cases[Integer.parseInt(only) - 1].run();
      return;
    }
    for (int i = 0; i < cases.length; i++) {
      try {
        cases[i].run();
        System.out.println("V" + (i + 1) + " ran");
      } catch (Throwable t) {
        System.out.println("V" + (i + 1) + ": " + t);
      }
    }
    // A second use of a class that failed verification fails again.
    try {
      V1.run();
    } catch (VerifyError e) {
      System.out.println("again: " + e.getMessage().lines().findFirst().orElse(""));
    }
    // A hidden class of a Java loader is verified too (HotSpot: BytecodeVerificationRemote; the
    // JDK's lambda proxies are such classes): V1's bytes defined again as a hidden class.
    try (java.io.InputStream in = Main.class.getResourceAsStream("V1.class")) {
      java.lang.invoke.MethodHandles.lookup().defineHiddenClass(in.readAllBytes(), true);
      System.out.println("hidden V1 defined");
    } catch (VerifyError e) {
      System.out.println("hidden: " + e.getMessage().lines().findFirst().orElse(""));
    } catch (Exception e) {
      System.out.println("hidden: " + e);
    }
    System.out.println(Ok.run());
  }
}

/** iload_0 becomes aload_0: an int read as a reference. */
class V1 { static void run() { int x = 5; System.out.println(x); } }

/** String.length() becomes V2.hello(): an invoke on a String constant. */
class V2 {
  int hello() { return 1; }
  static int other(V2 v) { return v.hello(); }
  static int run() { return "abc".length(); }
}

/** The final return becomes nop: control falls off the end of the code. */
class V3 { static void run() { System.out.println("v3"); } }

/** The loop header's frame says float for the int local. */
class V4 { static int run() { int s = 0; for (int i = 0; i < 3; i++) s += i; return s; } }

/** The checkcast becomes nops: an Object returned as a String. */
class V5 { static Object o = "x"; static String run() { return (String) o; } }

/** ireturn becomes areturn. */
class V6 { static int run() { return 1; } }

/** max_stack becomes 0. */
class V7 { static void run() { System.out.println("v7"); } }

/** The super() call becomes nops. */
class V8 { V8() { super(); } }

/** The handler's frame is dropped from the StackMapTable. */
class V9 {
  static void run() {
    try { System.out.println("v9"); } catch (RuntimeException e) { System.out.println(e); }
  }
}

/** A long local read as two ints (lload becomes iload). */
class V10 { static long run() { long x = 3; return x + 1; } }

/** A field read from an unrelated class's object (getfield on the wrong receiver). */
class V11 {
  int f = 1;
  public String toString() { String s = "q"; return "" + s.hashCode() + f; }
}

/** goto becomes a goto into the middle of an instruction. */
class V12 { static int run() { int r = 0; for (int i = 0; i < 2; i++) r += i; return r; } }

/** Valid: verification passes, and the program goes on. */
class Ok { static String run() { return "ok"; } }

/** A main class that fails verification (iload_1 becomes aload_1): java cannot initialise it. */
class BadMain { public static void main(String[] args) { int x = 5; System.out.println(x); } }
