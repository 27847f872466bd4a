import java.lang.reflect.Method;

// Where HotSpot puts the Symbols a run makes (issue 15 item 2, branch rm37): a class's methods
// are listed in the order of their name Symbols' addresses, and the run's Symbols are malloc'd.
// The launcher's copy of this class's bytes (a few kilobytes, ClassLoader.c defineClass1) is
// freed once the class is defined, below the Symbols its constant pool made (`zqLate1`,
// `zqLate2`: string constants here); Holder's bytes and new names are cut from that hole later,
// so its own names come before the two made earlier: `zqA zqB zqC zqLate1 zqLate2`, not in the
// order the names were made. Holder2, parsed after Holder, lists Holder's names before its own.
public class SymbolHoles {
  static final String[] LATE = {"zqLate1", "zqLate2"};
  static final String[] PADDING = {
    "padding line 000 of the main class, so that its class file is a few kilobytes long",
    "padding line 001 of the main class, so that its class file is a few kilobytes long",
    "padding line 002 of the main class, so that its class file is a few kilobytes long",
    "padding line 003 of the main class, so that its class file is a few kilobytes long",
    "padding line 004 of the main class, so that its class file is a few kilobytes long",
    "padding line 005 of the main class, so that its class file is a few kilobytes long",
    "padding line 006 of the main class, so that its class file is a few kilobytes long",
    "padding line 007 of the main class, so that its class file is a few kilobytes long",
    "padding line 008 of the main class, so that its class file is a few kilobytes long",
    "padding line 009 of the main class, so that its class file is a few kilobytes long",
    "padding line 010 of the main class, so that its class file is a few kilobytes long",
    "padding line 011 of the main class, so that its class file is a few kilobytes long",
    "padding line 012 of the main class, so that its class file is a few kilobytes long",
    "padding line 013 of the main class, so that its class file is a few kilobytes long",
    "padding line 014 of the main class, so that its class file is a few kilobytes long",
    "padding line 015 of the main class, so that its class file is a few kilobytes long",
    "padding line 016 of the main class, so that its class file is a few kilobytes long",
    "padding line 017 of the main class, so that its class file is a few kilobytes long",
    "padding line 018 of the main class, so that its class file is a few kilobytes long",
    "padding line 019 of the main class, so that its class file is a few kilobytes long",
    "padding line 020 of the main class, so that its class file is a few kilobytes long",
    "padding line 021 of the main class, so that its class file is a few kilobytes long",
    "padding line 022 of the main class, so that its class file is a few kilobytes long",
    "padding line 023 of the main class, so that its class file is a few kilobytes long",
    "padding line 024 of the main class, so that its class file is a few kilobytes long",
    "padding line 025 of the main class, so that its class file is a few kilobytes long",
    "padding line 026 of the main class, so that its class file is a few kilobytes long",
    "padding line 027 of the main class, so that its class file is a few kilobytes long",
    "padding line 028 of the main class, so that its class file is a few kilobytes long",
    "padding line 029 of the main class, so that its class file is a few kilobytes long",
    "padding line 030 of the main class, so that its class file is a few kilobytes long",
    "padding line 031 of the main class, so that its class file is a few kilobytes long",
    "padding line 032 of the main class, so that its class file is a few kilobytes long",
    "padding line 033 of the main class, so that its class file is a few kilobytes long",
    "padding line 034 of the main class, so that its class file is a few kilobytes long",
    "padding line 035 of the main class, so that its class file is a few kilobytes long",
    "padding line 036 of the main class, so that its class file is a few kilobytes long",
    "padding line 037 of the main class, so that its class file is a few kilobytes long",
    "padding line 038 of the main class, so that its class file is a few kilobytes long",
    "padding line 039 of the main class, so that its class file is a few kilobytes long",
    "padding line 040 of the main class, so that its class file is a few kilobytes long",
    "padding line 041 of the main class, so that its class file is a few kilobytes long",
    "padding line 042 of the main class, so that its class file is a few kilobytes long",
    "padding line 043 of the main class, so that its class file is a few kilobytes long",
    "padding line 044 of the main class, so that its class file is a few kilobytes long",
    "padding line 045 of the main class, so that its class file is a few kilobytes long",
    "padding line 046 of the main class, so that its class file is a few kilobytes long",
    "padding line 047 of the main class, so that its class file is a few kilobytes long",
    "padding line 048 of the main class, so that its class file is a few kilobytes long",
    "padding line 049 of the main class, so that its class file is a few kilobytes long",
    "padding line 050 of the main class, so that its class file is a few kilobytes long",
    "padding line 051 of the main class, so that its class file is a few kilobytes long",
    "padding line 052 of the main class, so that its class file is a few kilobytes long",
    "padding line 053 of the main class, so that its class file is a few kilobytes long",
    "padding line 054 of the main class, so that its class file is a few kilobytes long",
    "padding line 055 of the main class, so that its class file is a few kilobytes long",
    "padding line 056 of the main class, so that its class file is a few kilobytes long",
    "padding line 057 of the main class, so that its class file is a few kilobytes long",
    "padding line 058 of the main class, so that its class file is a few kilobytes long",
    "padding line 059 of the main class, so that its class file is a few kilobytes long",
  };

  static final class Holder {
    int n;
    void zqA() { n++; }
    void zqLate1() { n--; }
    void zqB() { n += 2; }
    void zqLate2() { n -= 2; }
    void zqC() { n *= 3; }
  }

  static final class Holder2 {
    int n;
    void zqD() { n++; }
    void zqB() { n--; }
    void zqE() { n += 2; }
    void zqA() { n -= 2; }
  }

  static String names(Class<?> c) {
    StringBuilder sb = new StringBuilder(c.getSimpleName()).append(':');
    for (Method m : c.getDeclaredMethods()) sb.append(' ').append(m.getName());
    return sb.toString();
  }

  public static void main(String[] args) {
    System.out.println(names(Holder.class));
    System.out.println(names(Holder2.class));
    System.out.println(LATE.length + PADDING.length);
  }
}
