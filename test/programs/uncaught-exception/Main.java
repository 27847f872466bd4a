// An uncaught exception ends main: exit code 1 and the stack trace (with "Caused by" and
// "... n more") on stderr, printed by the default handler of the main thread. Output
// written before must be flushed.
public class Main {
    static class ConfigError extends RuntimeException {
        ConfigError(String msg, Throwable cause) { super(msg, cause); }
    }

    static int parsePort(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new ConfigError("bad port '" + s + "'", e);
        }
    }

    static void load(String[] entries) {
        for (String e : entries) {
            String[] kv = e.split("=");
            System.out.println("config " + kv[0] + " -> " + parsePort(kv[1]));
        }
    }

    public static void main(String[] args) {
        System.out.println("loading");
        System.err.println("warning: about to load");
        load(new String[] {"http=80", "https=443", "admin=80a"});
        System.out.println("unreachable");
    }
}
