import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

// Regular expressions: find loops with groups, named groups, flags (CASE_INSENSITIVE,
// MULTILINE, DOTALL, COMMENTS), replaceAll with a function and backreferences, lookahead and
// lookbehind, possessive/reluctant quantifiers, split with patterns, matches vs find,
// region, appendReplacement, syntax errors, and a backtracking-heavy but bounded pattern.
public class Main {
    public static void main(String[] args) {
        String log = "2024-01-15 ERROR disk full\n2024-01-16 WARN cpu hot\n2024-02-01 ERROR net down\nnot a log line";
        Pattern p = Pattern.compile("^(?<date>\\d{4}-(\\d{2})-\\d{2}) (?<level>[A-Z]+) (.*)$", Pattern.MULTILINE);
        Matcher m = p.matcher(log);
        while (m.find()) System.out.println(m.group("level") + " on " + m.group("date") + " month " + m.group(2) + " msg '" + m.group(4) + "' at " + m.start() + "-" + m.end());
        System.out.println(Pattern.compile("error", Pattern.CASE_INSENSITIVE).matcher(log).results().count());
        System.out.println(Pattern.compile("full.2024", Pattern.DOTALL).matcher(log).find() + " " + Pattern.compile("full.2024").matcher(log).find());
        Pattern commented = Pattern.compile("""
            (\\d+)   # digits
            \\s*     # optional space
            ([a-z]+) # unit
            """, Pattern.COMMENTS);
        Matcher cm = commented.matcher("10 kg, 5m, 300 ms");
        List<String> units = new ArrayList<>();
        while (cm.find()) units.add(cm.group(2) + "=" + cm.group(1));
        System.out.println(units);
        System.out.println(Pattern.compile("\\b(\\w)(\\w*)\\b").matcher("hello big world").replaceAll(r -> r.group(1).toUpperCase() + r.group(2)));
        System.out.println("2024-01-15".replaceAll("(\\d+)-(\\d+)-(\\d+)", "$3/$2/$1") + " " + "aaa bbb aaa".replaceAll("(a+) (b+) \\1", "[$2]"));
        System.out.println("price: $100, cost: $250, $x".replaceAll("(?<=\\$)(\\d+)", "<$1>") + " " + "foobar foobaz".replaceAll("foo(?=baz)", "FOO") + " " + "a1b2c3".replaceAll("(?<![a])\\d", "#"));
        Matcher greedy = Pattern.compile("<.+>").matcher("<a><b>"), lazy = Pattern.compile("<.+?>").matcher("<a><b>");
        greedy.find(); lazy.find();
        System.out.println(greedy.group() + " " + lazy.group() + " " + "aaa".matches("a++a") + " " + "aaa".matches("a+a"));
        System.out.println(String.join("|", Pattern.compile("\\s*[,;]\\s*").split("a , b;c ;  d,,e")) + " " + Pattern.compile(",").splitAsStream("x,y,z").count());
        System.out.println("abc".matches("b") + " " + Pattern.compile("b").matcher("abc").find() + " " + Pattern.matches("[a-c]+", "abcab") + " " + Pattern.compile("^b").matcher("abc").lookingAt());
        Matcher region = Pattern.compile("\\d+").matcher("12 34 56 78");
        region.region(3, 8);
        StringBuilder found = new StringBuilder();
        while (region.find()) found.append(region.group()).append(';');
        System.out.println(found);
        Matcher ar = Pattern.compile("(\\d+)").matcher("a1 b22 c333");
        StringBuilder sb = new StringBuilder();
        while (ar.find()) ar.appendReplacement(sb, String.valueOf(Integer.parseInt(ar.group(1)) * 2));
        ar.appendTail(sb);
        System.out.println(sb + " " + Matcher.quoteReplacement("$1\\") + " " + Pattern.quote("a.b"));
        for (String bad : new String[] {"(unclosed", "a{2,1}", "[z-a]", "*x"}) {
            try {
                Pattern.compile(bad);
            } catch (PatternSyntaxException e) {
                System.out.println("bad '" + bad + "': " + e.getDescription() + " at " + e.getIndex());
            }
        }
        Pattern email = Pattern.compile("^[\\w.+-]+@([\\w-]+\\.)+[a-z]{2,}$");
        for (String e : new String[] {"a.b+c@example.co.uk", "bad@", "x@y.z", "first.last@sub-domain.example.org"}) System.out.print(email.matcher(e).matches() + " ");
        System.out.println();
        System.out.println("aaaaaaaaaaaaaaaaaaaa!".matches("(a|aa)*b") + " " + "ünïcode wörds".replaceAll("\\p{L}+", "W") + " " + "Tab\tSep".split("\\t").length + " " + "x".repeat(3).replaceAll("x*", "-"));
        Pattern uni = Pattern.compile("\\p{Lu}\\p{Ll}+", Pattern.UNICODE_CHARACTER_CLASS);
        System.out.println(uni.matcher("Élan Vital über Ölberg").results().map(r -> r.group()).toList());
    }
}
