package lang3;

import java.util.*;
import org.apache.commons.lang3.*;
import org.apache.commons.lang3.builder.*;
import org.apache.commons.lang3.exception.ExceptionUtils;
import org.apache.commons.lang3.math.Fraction;
import org.apache.commons.lang3.math.NumberUtils;
import org.apache.commons.lang3.text.WordUtils;
import org.apache.commons.lang3.time.DateFormatUtils;
import org.apache.commons.lang3.time.DateUtils;
import org.apache.commons.lang3.time.DurationFormatUtils;
import org.apache.commons.lang3.time.FastDateFormat;
import org.apache.commons.lang3.tuple.Pair;
import org.apache.commons.lang3.tuple.Triple;

/** commons-lang3 as real code uses it: strings, reflection builders, dates with a fixed zone. */
public class Lang3Driver {
  static class Person {
    private final String name;
    private final int age;
    private final double[] scores;
    private transient String cache = "x";
    private final List<String> tags;
    Person(String name, int age, double[] scores, List<String> tags) {
      this.name = name;
      this.age = age;
      this.scores = scores;
      this.tags = tags;
    }
    @Override public boolean equals(Object o) { return EqualsBuilder.reflectionEquals(this, o); }
    @Override public int hashCode() { return HashCodeBuilder.reflectionHashCode(this); }
    @Override public String toString() { return ReflectionToStringBuilder.toString(this, ToStringStyle.SHORT_PREFIX_STYLE); }
  }

  public static void main(String[] args) {
    System.out.println(StringUtils.abbreviate("The quick brown fox", 10) + "|" + StringUtils.center("mid", 9, '*') + "|" + StringUtils.capitalize("hello") + "|" + StringUtils.swapCase("MiXeD") + "|" + StringUtils.reverseDelimited("a.b.c", '.'));
    System.out.println(StringUtils.join(new int[] {1, 2, 3}, '-') + "|" + Arrays.toString(StringUtils.splitByCharacterTypeCamelCase("parseHTTPResponse2Fast")) + "|" + StringUtils.getLevenshteinDistance("kitten", "sitting") + "|" + StringUtils.getJaroWinklerDistance("martha", "marhta"));
    System.out.println(StringUtils.difference("abcdef", "abcxyz") + "|" + StringUtils.stripAccents("Éléphant çà") + "|" + StringUtils.isNumeric("12345") + "|" + StringUtils.wrap("x", "'") + "|" + StringUtils.substringBetween("<a>b</a>", "<a>", "</a>") + "|" + StringUtils.countMatches("banana", "an") + "|" + StringUtils.normalizeSpace("  a \t b\n c "));
    System.out.println(WordUtils.wrap("Lorem ipsum dolor sit amet, consectetur adipiscing elit", 16) + "|" + WordUtils.capitalizeFully("hELLO wORLD") + "|" + WordUtils.initials("Komorium Profiler Engine"));
    System.out.println(StringEscapeUtils.escapeJava("tab\t\"q\"\u00e9") + "|" + StringEscapeUtils.escapeHtml4("<a href=\"x\">&é</a>") + "|" + StringEscapeUtils.unescapeHtml4("&lt;&eacute;&#65;&gt;") + "|" + StringEscapeUtils.escapeCsv("a,b\"c"));
    System.out.println(ArrayUtils.toString(ArrayUtils.subarray(new int[] {1, 2, 3, 4}, 1, 3)) + "|" + ArrayUtils.toString(ArrayUtils.addAll(new String[] {"a"}, "b", "c")) + "|" + ArrayUtils.indexOf(new long[] {5, 6, 7}, 7) + "|" + ArrayUtils.toString(ArrayUtils.removeElements(new char[] {'a', 'b', 'a', 'c'}, 'a')));
    System.out.println(NumberUtils.createNumber("0x1F") + "|" + NumberUtils.createNumber("1.5e3") + "|" + NumberUtils.toInt("bad", -1) + "|" + NumberUtils.max(3, 9, 2) + "|" + Fraction.getFraction(0.625).add(Fraction.ONE_THIRD) + "|" + Fraction.getFraction("3/9").reduce());
    System.out.println(RandomStringUtils.random(8, 0, 0, true, true, null, new Random(42)) + "|" + new Random(42).nextInt(10) + "|" + BooleanUtils.toStringYesNo(true) + "|" + CharUtils.unicodeEscaped('é') + "|" + ClassUtils.getShortClassName(Map.Entry.class) + "|" + ClassUtils.getAllInterfaces(ArrayList.class).size());
    System.out.println(SystemUtils.IS_JAVA_1_8 + "|" + JavaVersion.JAVA_17.atLeast(JavaVersion.JAVA_11) + "|" + ObjectUtils.firstNonNull(null, "first", "second") + "|" + ObjectUtils.defaultIfNull(null, 7) + "|" + Validate.notBlank("ok") + "|" + Range.between(1, 10).fit(42));
    try {
      Validate.isTrue(false, "value %d is bad", 5);
    } catch (IllegalArgumentException e) {
      System.out.println("validate: " + e.getMessage());
    }
    // reflection builders
    Person a = new Person("Ann", 31, new double[] {1.5, 2.5}, List.of("x", "y"));
    Person b = new Person("Ann", 31, new double[] {1.5, 2.5}, List.of("x", "y"));
    Person c = new Person("Bob", 40, new double[] {}, List.of());
    System.out.println(a + " " + a.equals(b) + " " + a.equals(c) + " " + (a.hashCode() == b.hashCode()) + " " + a.hashCode());
    System.out.println(new ToStringBuilder(a, ToStringStyle.JSON_STYLE).append("name", "Ann").append("n", 3).append("arr", new int[] {1, 2}).toString());
    System.out.println(new CompareToBuilder().append("a", "b").append(2, 1).toComparison() + " " + new HashCodeBuilder(17, 37).append("x").append(3L).append(new int[] {1}).toHashCode());
    DiffResult<Person> diff = new ReflectionDiffBuilder<>(a, c, ToStringStyle.SHORT_PREFIX_STYLE).build();
    System.out.println(diff.getNumberOfDiffs() + " " + diff);
    System.out.println(Pair.of("k", 1) + " " + Triple.of(1, 'b', "c") + " " + Pair.of("a", 2).compareTo(Pair.of("a", 3)));
    System.out.println(ExceptionUtils.getRootCauseMessage(new RuntimeException(new IllegalStateException("root"))) + "|" + ExceptionUtils.getThrowableCount(new Exception(new Exception(new Error()))));
    // dates with a fixed zone and locale
    TimeZone utc = TimeZone.getTimeZone("UTC");
    TimeZone tokyo = TimeZone.getTimeZone("Asia/Tokyo");
    long t = 1_700_000_123_456L;
    System.out.println(DateFormatUtils.format(t, "yyyy-MM-dd'T'HH:mm:ss.SSSZZ", utc) + " " + DateFormatUtils.ISO_8601_EXTENDED_DATETIME_TIME_ZONE_FORMAT.format(new Date(t)).length() + " " + DateFormatUtils.format(t, "EEE, d MMM yyyy HH:mm z", tokyo, Locale.US) + " " + DateFormatUtils.format(t, "EEEE d MMMM yyyy", utc, Locale.FRANCE));
    FastDateFormat fdf = FastDateFormat.getInstance("dd/MM/yyyy HH:mm", utc, Locale.UK);
    try {
      Date parsed = fdf.parse("25/12/2023 18:30");
      System.out.println(parsed.getTime() + " " + fdf.format(DateUtils.addDays(parsed, 10)) + " " + fdf.format(DateUtils.truncate(parsed, Calendar.HOUR)));
    } catch (java.text.ParseException e) {
      System.out.println(e);
    }
    System.out.println(DurationFormatUtils.formatDuration(93_784_005L, "d'd' HH:mm:ss.SSS") + " " + DurationFormatUtils.formatDurationWords(93_784_005L, true, true) + " " + DurationFormatUtils.formatPeriod(0L, t, "y'y' M'm'", false, utc));
  }
}
