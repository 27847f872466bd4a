// Formats and parses doubles whose digits need FDBigInteger (issue 15: on HotSpot its powers of
// 5 come from the CDS archive; the embedded engine must not run FDBigInteger's long <clinit>).
public class FormatDouble {
  public static void main(String[] args) {
    double x = 1.0;
    for (int i = 1; i <= 5; i++) {
      x = x / 3 + 1e-7 * i;
      System.out.println(x);
    }
    System.out.println(Double.parseDouble("2.2250738585072014E-308"));
    System.out.println(Double.parseDouble("0.30000000000000004441"));
    System.out.println(1e23 + " " + 4.35);
  }
}
