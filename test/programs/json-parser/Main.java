import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

// A recursive-descent JSON parser and printer: objects, arrays, strings with escapes and
// \\u sequences, numbers (int, negative, fraction, exponent), true/false/null, whitespace;
// error reporting with positions for malformed documents; a pretty printer and queries.
public class Main {
    static final class ParseError extends RuntimeException {
        ParseError(String msg, int pos) { super(msg + " at position " + pos); }
    }

    static final class Parser {
        private final String s;
        private int i;
        Parser(String s) { this.s = s; }

        Object parseDocument() {
            Object v = value();
            ws();
            if (i != s.length()) throw new ParseError("trailing characters", i);
            return v;
        }

        private void ws() { while (i < s.length() && " \t\n\r".indexOf(s.charAt(i)) >= 0) i++; }
        private char peek() { if (i >= s.length()) throw new ParseError("unexpected end", i); return s.charAt(i); }
        private void expect(char c) { if (peek() != c) throw new ParseError("expected '" + c + "' but found '" + peek() + "'", i); i++; }

        private Object value() {
            ws();
            char c = peek();
            switch (c) {
                case '{': return object();
                case '[': return array();
                case '"': return string();
                case 't': literal("true"); return Boolean.TRUE;
                case 'f': literal("false"); return Boolean.FALSE;
                case 'n': literal("null"); return null;
                default:
                    if (c == '-' || Character.isDigit(c)) return number();
                    throw new ParseError("unexpected character '" + c + "'", i);
            }
        }

        private void literal(String word) {
            if (!s.startsWith(word, i)) throw new ParseError("bad literal", i);
            i += word.length();
        }

        private Map<String, Object> object() {
            expect('{');
            Map<String, Object> m = new LinkedHashMap<>();
            ws();
            if (peek() == '}') { i++; return m; }
            while (true) {
                ws();
                String k = string();
                ws();
                expect(':');
                m.put(k, value());
                ws();
                if (peek() == ',') { i++; continue; }
                expect('}');
                return m;
            }
        }

        private List<Object> array() {
            expect('[');
            List<Object> l = new ArrayList<>();
            ws();
            if (peek() == ']') { i++; return l; }
            while (true) {
                l.add(value());
                ws();
                if (peek() == ',') { i++; continue; }
                expect(']');
                return l;
            }
        }

        private String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (true) {
                char c = peek();
                i++;
                if (c == '"') return sb.toString();
                if (c != '\\') { sb.append(c); continue; }
                char e = peek();
                i++;
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case '"', '\\', '/' -> sb.append(e);
                    case 'u' -> { sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; }
                    default -> throw new ParseError("bad escape \\" + e, i - 1);
                }
            }
        }

        private Number number() {
            int start = i;
            if (peek() == '-') i++;
            while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
            boolean frac = false;
            if (i < s.length() && s.charAt(i) == '.') { frac = true; i++; while (i < s.length() && Character.isDigit(s.charAt(i))) i++; }
            if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
                frac = true; i++;
                if (s.charAt(i) == '+' || s.charAt(i) == '-') i++;
                while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
            }
            String t = s.substring(start, i);
            return frac ? (Number) Double.parseDouble(t) : (Number) Long.parseLong(t);
        }
    }

    static void print(Object v, StringBuilder out, int indent) {
        String pad = "  ".repeat(indent);
        if (v instanceof Map<?, ?> m) {
            out.append("{\n");
            int n = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                out.append(pad).append("  \"").append(e.getKey()).append("\": ");
                print(e.getValue(), out, indent + 1);
                out.append(++n < m.size() ? ",\n" : "\n");
            }
            out.append(pad).append('}');
        } else if (v instanceof List<?> l) {
            out.append('[');
            for (int k = 0; k < l.size(); k++) { if (k > 0) out.append(", "); print(l.get(k), out, indent + 1); }
            out.append(']');
        } else if (v instanceof String str) {
            out.append('"').append(str.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")).append('"');
        } else {
            out.append(v);
        }
    }

    @SuppressWarnings("unchecked")
    static Object query(Object doc, String path) {
        Object cur = doc;
        for (String part : path.split("\\.")) {
            if (cur instanceof Map<?, ?> m) cur = ((Map<String, Object>) m).get(part);
            else if (cur instanceof List<?> l) cur = l.get(Integer.parseInt(part));
            else return "<no " + part + ">";
        }
        return cur;
    }

    public static void main(String[] args) {
        String doc = """
            {"name": "komorium", "version": 1.5, "tags": ["profiler", "java", "vs\\"code"],
             "stats": {"classes": 1234, "ratio": -2.5e-3, "big": 12345678901234, "ok": true, "none": null},
             "nested": [[1, 2], [], [{"deep": "\\u00e9t\\u00e9\\n2nd line"}]], "empty": {}}
            """;
        Object parsed = new Parser(doc).parseDocument();
        StringBuilder out = new StringBuilder();
        print(parsed, out, 0);
        System.out.println(out);
        for (String q : new String[] {"name", "stats.classes", "stats.ratio", "tags.2", "nested.2.0.deep", "nested.0.1", "stats.none", "name.x"})
            System.out.println(q + " => " + query(parsed, q));
        String[] bad = {"{\"a\": }", "[1, 2", "{\"a\" 1}", "[1] x", "\"bad \\q escape\"", "nul", "", "{\"k\": [true, false, tru]}"};
        for (String b : bad) {
            try {
                new Parser(b).parseDocument();
                System.out.println("parsed?! " + b);
            } catch (ParseError e) {
                System.out.println("error: " + e.getMessage());
            }
        }
        StringBuilder big = new StringBuilder("[");
        for (int k = 0; k < 300; k++) big.append(k == 0 ? "" : ",").append("{\"id\":").append(k).append(",\"sq\":").append(k * k).append('}');
        big.append(']');
        List<?> arr = (List<?>) new Parser(big.toString()).parseDocument();
        long total = 0;
        for (Object o : arr) total += (Long) ((Map<?, ?>) o).get("sq");
        System.out.println("big array " + arr.size() + " sum of squares " + total);
    }
}
