import java.util.List;

// switch on strings: hash collisions ("Aa" vs "BB", "AaAa" vs "BBBB"), fallthrough,
// default in the middle, switch expressions with strings, null selector (NPE), the empty
// string, unicode strings, and many cases.
public class Main {
    static int classify(String s) {
        switch (s) {
            case "Aa": return 1;
            case "BB": return 2;
            case "AaAa": return 3;
            case "BBBB": return 4;
            case "AaBB": return 5;
            case "": return 6;
            case "ünïcödé": return 7;
            default: return 0;
        }
    }

    static String fall(String s) {
        StringBuilder sb = new StringBuilder();
        switch (s) {
            case "one":
                sb.append("1");
            case "two":
                sb.append("2");
                break;
            default:
                sb.append("d");
            case "three":
                sb.append("3");
        }
        return sb.toString();
    }

    static String month(String m) {
        return switch (m.toLowerCase()) {
            case "jan", "mar", "may", "jul", "aug", "oct", "dec" -> "31";
            case "apr", "jun", "sep", "nov" -> "30";
            case "feb" -> {
                String s = "28";
                yield s + "/29";
            }
            default -> throw new IllegalArgumentException("no month " + m);
        };
    }

    static String command(String cmd) {
        String[] parts = cmd.split(" ", 2);
        String arg = parts.length > 1 ? parts[1] : "";
        switch (parts[0]) {
            case "add": case "plus": return "adding " + arg;
            case "del": case "rm": case "remove": return "removing " + arg;
            case "ls": return "listing";
            case "quit": return "bye";
            case "help": return "usage";
            case "echo": return arg;
            case "rev": return new StringBuilder(arg).reverse().toString();
            case "up": return arg.toUpperCase();
            case "len": return String.valueOf(arg.length());
            default: return "unknown " + parts[0];
        }
    }

    public static void main(String[] args) {
        System.out.println("Aa".hashCode() == "BB".hashCode());
        for (String s : List.of("Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa", "", "ünïcödé", "x"))
            System.out.println("'" + s + "' -> " + classify(s));
        for (String s : List.of("one", "two", "three", "four")) System.out.println(s + " " + fall(s));
        for (String m : List.of("JAN", "Feb", "sep", "Smarch")) {
            try {
                System.out.println(m + " " + month(m));
            } catch (IllegalArgumentException e) {
                System.out.println(e.getMessage());
            }
        }
        for (String c : List.of("add milk", "rm eggs", "ls", "echo hi there", "rev abc", "up shout", "len four", "plus 1", "what"))
            System.out.println(command(c));
        try {
            classify(null);
        } catch (NullPointerException e) {
            System.out.println("null selector NPE");
        }
    }
}
