import java.util.Locale;

// String.format with locales whose data is in jdk.localedata (CLDR's German and French): the
// Formatter asks the CLDR provider for the locale's symbols, which reads jdk.localedata's
// classes (CLDRLocaleDataMetaInfo, the resource bundles). With KOMORIUM_JDK_MODULES=java.base
// HotSpot's copy runs that module as it is, and so must the embedded engine (issue 15 item 2:
// it counted jdk.localedata's code, HotSpot not).
public class FormatLocale {
  public static void main(String[] args) {
    double r = 1234.5;
    for (int i = 1; i <= 3; i++) {
      r = r * 1.25 + i;
      System.out.println(String.format(Locale.GERMANY, "%d: %,.2f %e", i, r, r / 7));
      System.out.println(String.format(Locale.FRANCE, "%,d %.3f", i * 1234567, r));
    }
  }
}
