// Formats doubles with printf (issue 15, JDK 25): Formatter's DecimalFormatSymbols loads the
// locale's resource bundles, where the JDK links lambdas of ResourceBundle$Control before
// ResourceBundle itself is loaded. The embedded engine took such a hidden class's lookup class
// (Control) as its own nest host then, and Control's access to NoFallbackControl's private
// field failed with IllegalAccessError (JDK 25, --instrument all).
public class Printf {
  public static void main(String[] args) {
    double r = 0.5;
    for (int i = 1; i <= 4; i++) {
      r = r * 1.7 + i;
      System.out.printf("%d %.2f %8.3e%n", i, r, r * 1000);
    }
    System.out.println(String.format("%,d", 1234567));
  }
}
