package strings;

import harness.Harness;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** String work: building CSV-like lines with StringBuilder, splitting and parsing them, light regex, case changes. */
public final class Main {
  private static final Pattern WORD_NUMBER = Pattern.compile("([a-z]+)(\\d+)");
  private static final String[] WORDS = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"};

  static String line(int i) {
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < 6; k++) {
      if (k > 0) sb.append(',');
      sb.append(WORDS[(i + k * 3) & 7]).append(i % (k + 7));
    }
    return sb.toString();
  }

  static long parse(int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      String s = line(i);
      String[] fields = s.split(",");
      for (String f : fields) {
        int d = 0;
        while (d < f.length() && !Character.isDigit(f.charAt(d))) d++;
        h += Integer.parseInt(f.substring(d)) + f.substring(0, d).hashCode();
      }
      h += s.toUpperCase().indexOf("ETA") + s.replace("a", "").length();
    }
    return h;
  }

  static long regex(int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      Matcher m = WORD_NUMBER.matcher(line(i));
      while (m.find()) h += m.group(1).length() * 7L + Integer.parseInt(m.group(2));
    }
    return h;
  }

  static long palindromes(int n) {
    long count = 0;
    for (int i = 0; i < n; i++) {
      String s = Integer.toString(i, 7);
      String r = new StringBuilder(s).reverse().toString();
      if (s.equals(r)) count += s.length();
      count += String.join("-", s, r).length();
    }
    return count;
  }

  public static void main(String[] args) {
    Harness.run("strings", args, scale -> {
      long h = 0;
      h = Harness.mix(h, parse(Harness.size(scale, 12_000, 50)));
      h = Harness.mix(h, regex(Harness.size(scale, 9_750, 50)));
      h = Harness.mix(h, palindromes(Harness.size(scale, 58_000, 50)));
      return h;
    });
  }
}
