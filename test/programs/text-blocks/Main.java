// Text blocks: indentation stripping, escapes (\n, \t, \", \\, \s, line continuation),
// trailing spaces, formatted(), String methods on multi-line strings (lines, indent, strip).
public class Main {
    static final String JSON = """
        {
          "name": "komorium",
          "tags": ["profiler", "java"],
          "quote": "say \\"hi\\"",
          "tab":\t"x"
        }
        """;

    public static void main(String[] args) {
        System.out.print(JSON);
        String poem = """
            Roses are red,\s
              violets are blue, \
            this line continues
            and "quotes" need no escape, nor do ""\" triple ones.
            """;
        System.out.print(poem);
        poem.lines().map(l -> l.length() + ":" + l.strip()).forEach(System.out::println);
        String html = """
                      <html>
                          <body>%s</body>
                      </html>""".formatted("<p>%d items</p>".formatted(3));
        System.out.println(html);
        System.out.println(html.indent(2).replace(' ', '.'));
        System.out.println("""
            a\tb\\c""".equals("a\tb\\c"));
        String empty = """
            """;
        System.out.println("empty length " + empty.length() + " " + "  x  ".stripLeading() + "|" + "  x  ".stripTrailing() + "|");
        System.out.println("""
            unicode: \u00e9\u00e8 é end""".codePoints().filter(c -> c > 127).count());
    }
}
