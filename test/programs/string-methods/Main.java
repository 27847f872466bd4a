import java.util.Arrays;
import java.util.stream.Collectors;

// String API: split (limits, regex, trailing empties), join, repeat, strip/trim, isBlank,
// chars/codePoints, compareTo/IgnoreCase, regionMatches, indexOf variants, replace vs
// replaceAll, toUpperCase with Locale.ROOT, String.valueOf, getBytes (UTF-8/ISO-8859-1),
// new String(bytes), equalsIgnoreCase, contains, matches, lines, translateEscapes.
public class Main {
    public static void main(String[] args) throws Exception {
        String csv = "a,b,,c,,";
        System.out.println(Arrays.toString(csv.split(",")) + " " + Arrays.toString(csv.split(",", -1)) + " " + Arrays.toString(csv.split(",", 2)));
        System.out.println(Arrays.toString("one  two\tthree".split("\\s+")) + " " + Arrays.toString("".split(",")) + " " + Arrays.toString("a1b22c333".split("\\d+")));
        System.out.println(String.join("|", "x", "y", "z") + " " + String.join("-", Arrays.asList("p", "q")) + " " + "ab".repeat(3) + "." + "x".repeat(0) + ".");
        String padded = "\t  hello \u2003 ";
        System.out.println("[" + padded.trim() + "] [" + padded.strip() + "] " + padded.isBlank() + " " + "  ".isBlank() + " " + "".isEmpty());
        System.out.println("hello".chars().sum() + " " + "héllo".codePoints().mapToObj(Integer::toHexString).collect(Collectors.joining(",")));
        System.out.println("apple".compareTo("banana") + " " + "b".compareTo("a") + " " + "abc".compareTo("ab") + " " + "ABC".compareToIgnoreCase("abd") + " " + "Hello".equalsIgnoreCase("hELLO"));
        System.out.println("Hello World".regionMatches(true, 6, "WORLDS", 0, 5) + " " + "banana".indexOf('a') + " " + "banana".indexOf("an", 2) + " " + "banana".lastIndexOf("an") + " " + "banana".indexOf("x"));
        System.out.println("a.b.c".replace(".", "/") + " " + "a.b.c".replaceAll(".", "/") + " " + "aaa".replaceFirst("a", "b") + " " + "x1y22".replaceAll("(\\d+)", "<$1>"));
        System.out.println("ÎSTANBUL".toLowerCase(java.util.Locale.ROOT) + " " + "straße".toUpperCase(java.util.Locale.ROOT) + " " + "ǅ".toLowerCase(java.util.Locale.ROOT) + " " + Character.toTitleCase('ǆ'));
        byte[] utf8 = "héllo €".getBytes("UTF-8");
        byte[] latin = "héllo".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        System.out.println(utf8.length + " " + latin.length + " " + Arrays.toString(Arrays.copyOf(utf8, 4)) + " " + new String(utf8, 0, 3, java.nio.charset.StandardCharsets.UTF_8) + " " + new String(latin, java.nio.charset.StandardCharsets.ISO_8859_1));
        System.out.println("racecar".contains("cec") + " " + "2024-01-15".matches("\\d{4}-\\d{2}-\\d{2}") + " " + "abc".startsWith("bc", 1) + " " + "file.tar.gz".endsWith(".gz"));
        System.out.println("l1\nl2\r\nl3\rl4".lines().collect(Collectors.toList()) + " " + "tab\\there\\n".translateEscapes().length());
        System.out.println(String.valueOf(3.0) + String.valueOf(true) + String.valueOf('c') + String.valueOf(10L) + " " + "abc".concat("def") + " " + "Mississippi".chars().distinct().count());
        char[] arr = new char[5];
        "abcdefgh".getChars(2, 7, arr, 0);
        System.out.println(new String(arr) + " " + String.copyValueOf(arr, 1, 3) + " " + "  indent\nme".indent(3).replace(' ', '_') + "x".stripIndent() + "|" + "A\u030A".length());
        System.out.println("%d items".formatted(3) + " " + "hashCode".hashCode() + " " + "".hashCode() + " " + "polygenelubricants".hashCode() + " " + "Ⅻ".toLowerCase());
        StringBuilder rev = new StringBuilder();
        for (String w : "the quick brown fox".split(" ")) rev.insert(0, w + " ");
        System.out.println(rev.toString().trim() + " " + "a-b_c d".split("[-_ ]").length + " " + "x".compareTo("xyz"));
    }
}
