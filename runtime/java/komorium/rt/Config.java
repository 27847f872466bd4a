package komorium.rt;

/**
 * Configuration from system properties, read once when the runtime initialises. Invalid values
 * are reported on stderr and replaced by the default: a profiler must not stop the program.
 *
 * <pre>
 * komorium.granularity  N, bytecodes between samples (default 10000, at least 1)
 * komorium.random       R, each interval is N + r with r uniform in [0, R) (default 100; 0 = constant)
 * komorium.seed         seed of the per-thread random generators (default 1)
 * komorium.out          profile path (default komorium-profile.json in the working directory)
 * komorium.agent        agent class name, or "none" (default komorium.rt.DefaultAgent)
 * komorium.scope        instrumented scope, recorded in the profile (default "app")
 * komorium.engine       engine name, recorded in the profile (default from java.vm.name)
 * komorium.program      main class, recorded in the profile (default: first word of sun.java.command)
 * komorium.args         program arguments separated by U+001F, recorded in the profile
 *                       (default: the rest of sun.java.command split at spaces)
 * komorium.stackSize    initial reified stack size (default 64)
 * komorium.maxThreads   threads written separately; the rest are merged (default 512)
 * komorium.verbose      "true": print where the profile was written
 * komorium.live         live snapshot path: a daemon thread writes a snapshot of the profile so
 *                       far there every komorium.liveInterval ms (default: none)
 * komorium.liveInterval milliseconds between live snapshots (default 500, at least 20)
 * </pre>
 */
final class Config {
    static int granularity = 10000;
    static int random = 100;
    static long seed = 1;
    static String out = "komorium-profile.json";
    static String agent = "komorium.rt.DefaultAgent";
    static String scope = "app";
    static String engine = "";
    static String vm = "";
    static String jdk = "";
    static String program = "";
    static String[] args = new String[0];
    static int stackSize = 64;
    static int maxThreads = 512;
    static boolean verbose;
    static String live;
    static int liveInterval = 500;
    static long startTime;
    /** "excluded" when the JDK's start-up was not counted (komorium.startup), else null. */
    static String startup;

    private Config() {
    }

    static void load() {
        granularity = intProp("komorium.granularity", granularity, 1);
        random = intProp("komorium.random", random, 0);
        seed = longProp("komorium.seed", seed);
        out = strProp("komorium.out", out);
        agent = strProp("komorium.agent", agent);
        scope = strProp("komorium.scope", scope);
        startup = strProp("komorium.startup", null);
        stackSize = intProp("komorium.stackSize", stackSize, 4);
        maxThreads = intProp("komorium.maxThreads", maxThreads, 1);
        verbose = "true".equals(System.getProperty("komorium.verbose"));
        live = strProp("komorium.live", null);
        liveInterval = intProp("komorium.liveInterval", liveInterval, 20);
        String vmName = strProp("java.vm.name", "");
        vm = (vmName + " " + strProp("java.vm.version", "")).trim();
        jdk = strProp("java.version", "");
        String eng = System.getProperty("komorium.engine");
        if (eng != null && eng.length() > 0) engine = eng;
        else if (vmName.indexOf("HotSpot") >= 0 || vmName.indexOf("OpenJDK") >= 0) engine = "hotspot";
        else engine = vmName.length() > 0 ? vmName : "unknown";
        String command = strProp("sun.java.command", "");
        String[] words = split(command, ' ');
        String prog = System.getProperty("komorium.program");
        program = prog != null && prog.length() > 0 ? prog : (words.length > 0 ? words[0] : "");
        String a = System.getProperty("komorium.args");
        if (a != null) args = a.length() == 0 ? new String[0] : split(a, '\u001f');
        else if (words.length > 1) {
            String[] r = new String[words.length - 1];
            System.arraycopy(words, 1, r, 0, r.length);
            args = r;
        }
        startTime = wallClockMillis();
    }

    /**
     * The wall-clock time (epoch ms) for the profile's start and end: real time even when the
     * embedded JVM runs with its virtual clock (there System.currentTimeMillis is virtual, and
     * the VM implements {@link #wallClock0}; HotSpot never calls it).
     */
    static long wallClockMillis() {
        if ("interp".equals(engine)) {
            try {
                return wallClock0();
            } catch (LinkageError e) {
                // not the embedded JVM after all
            }
        }
        return System.currentTimeMillis();
    }

    private static native long wallClock0();

    private static String[] split(String s, char sep) {
        int n = 0;
        int start = 0;
        String[] parts = new String[4];
        for (int i = 0; i <= s.length(); i++) {
            if (i == s.length() || s.charAt(i) == sep) {
                if (i > start || sep != ' ') {
                    if (n == parts.length) {
                        String[] p = new String[n * 2];
                        System.arraycopy(parts, 0, p, 0, n);
                        parts = p;
                    }
                    parts[n++] = s.substring(start, i);
                }
                start = i + 1;
            }
        }
        String[] r = new String[n];
        System.arraycopy(parts, 0, r, 0, n);
        return r;
    }

    private static String strProp(String name, String def) {
        String v = System.getProperty(name);
        return v == null || v.length() == 0 ? def : v;
    }

    private static int intProp(String name, int def, int min) {
        String v = System.getProperty(name);
        if (v == null || v.length() == 0) return def;
        try {
            int x = Integer.parseInt(v.trim());
            if (x >= min) return x;
        } catch (NumberFormatException e) {
            // reported below
        }
        Contexts.warn("invalid " + name + " '" + v + "' (expected an integer >= " + min + "); using " + def);
        return def;
    }

    private static long longProp(String name, long def) {
        String v = System.getProperty(name);
        if (v == null || v.length() == 0) return def;
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            Contexts.warn("invalid " + name + " '" + v + "' (expected an integer); using " + def);
            return def;
        }
    }
}
