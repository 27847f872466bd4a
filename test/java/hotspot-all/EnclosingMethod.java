// Class.getEnclosingMethod() of local and anonymous classes (issue 15): HotSpot's
// JVM_GetEnclosingMethodInfo makes new Strings for the method's name and descriptor
// (java_lang_String::create_from_symbol), not the interned ones, so getEnclosingMethod's
// `m.getName().equals(name)` compares the characters (StringLatin1.equals) and MethodRepository
// parses a descriptor that is not Method's. Each holder declares one method, so the candidates'
// order (HotSpot sorts them by the name symbol's address) does not matter.
public class EnclosingMethod {
  static final class Holder {
    static Object make() {
      class Local {
        public String toString() { return "local"; }
      }
      return new Local();
    }
  }

  static final class Other {
    Runnable task(final int n) {
      return new Runnable() {
        public void run() { System.out.println("run " + n); }
      };
    }
  }

  public static void main(String[] args) {
    Object local = Holder.make();
    Runnable anon = new Other().task(3);
    int found = 0;
    for (int i = 0; i < 50; i++) {
      if (local.getClass().getEnclosingMethod() != null) found++;
      if (anon.getClass().getEnclosingMethod() != null) found++;
    }
    anon.run();
    System.out.println(local + " " + local.getClass().getEnclosingMethod().getName() + " "
        + anon.getClass().getEnclosingMethod().getName() + " " + found);
  }
}
