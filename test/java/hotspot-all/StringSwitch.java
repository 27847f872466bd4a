// Switches on string literals that the JDK's classes hold too (issue 15: java's CDS archive
// holds them as interned strings with their hash computed, so hashCode() runs no Java code).
public class StringSwitch {
  static int code(String s) {
    switch (s) {
      case "true": return 1;
      case "false": return 2;
      case "null": return 3;
      case "main": return 4;
      case "java.version": return 5;
      default: return 0;
    }
  }

  public static void main(String[] args) {
    String[] words = { "main", "true", "null", "java.version", "false", "user.dir" };
    int sum = 0;
    for (int round = 0; round < 3; round++) for (String w : words) sum = sum * 7 + code(w);
    System.out.println("sum " + sum);
  }
}
