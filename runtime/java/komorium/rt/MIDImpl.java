package komorium.rt;

/**
 * The method identifier that generated code creates, one per instrumented method, in a
 * {@code static final} synthetic field initialised at the start of the class's
 * {@code <clinit>} through {@link #create}. It keeps names only, never a Class reference, so
 * the class can still be unloaded (paper 000, Section 3.1).
 *
 * <p>Runtime rule: no method here calls into the JDK except {@code Object} itself.
 */
public final class MIDImpl implements MID {
    /**
     * Class name, method name, descriptor and source file as generated code passes them, in one
     * string: {@code className NUL methodName NUL descriptor [NUL sourceFile]} (no fourth part
     * when the class has no SourceFile attribute). One string, so the constant generated code
     * loads is no name the program might intern: with the names as constants of their own, a
     * sampled run interned e.g. the method name {@code dispatch} (jdk.internal.misc.Signal's)
     * at class initialisation, and the program's later {@code String.intern()} of a package
     * {@code dispatch} returned that object instead of its own, so JDK code matched map keys by
     * {@code equals} where the exact run matched them by identity (docs/ACCURACY.md). Split
     * on first use of a name (the profile writer's, or an agent's).
     */
    private final String names;
    private volatile String[] parts; // split on first use (racing splits store equal arrays)

    /**
     * A process-wide sequence number (creation order). Not for hashing: which classes are
     * initialised first, and so the ids, depends on what else ran (see {@link #hashKey}).
     */
    public final int id;

    /** {@link #hashKey}, 0 until first asked (racing computations store equal values). */
    private int hashKey;

    /**
     * The method's path table (docs/TRANSFORM.md, "Sample lines"), as generated code passes it:
     * non-negative ints, 14 bits per char, bit 14 set on all but a number's last char; null when
     * every check of the method passes its line itself. Decoded at the first sample that needs it.
     */
    private final String pathText;
    private volatile int[] paths; // decoded on first use (racing decodes store equal arrays)

    /**
     * Generated code's class-initialisation sites of this method: bit {@code k} set once a site
     * naming the method's k-th target class (mod 32) has run ({@link TC#initSite}); until then
     * the site records itself before it runs. {@code getfield komorium/rt/MIDImpl.inits I}
     */
    public int inits;

    /**
     * The load sites of this method that have run ({@link TC#loadSite}), a bit per class named
     * (modulo 32). {@code getfield komorium/rt/MIDImpl.loads I}
     */
    public int loads;

    /** Used by the profile writer at shutdown only (single thread). */
    int exportKey = -1;

    private static final Object LOCK = new Object();
    private static int nextId;

    /** Stands for a reified-stack entry that is not a method identifier (null or foreign). */
    public static final MIDImpl UNKNOWN = new MIDImpl(null, null);

    private MIDImpl(String names, String pathText) {
        this.names = names;
        this.pathText = pathText;
        int i;
        synchronized (LOCK) {
            i = nextId++;
        }
        this.id = i;
    }

    /**
     * The factory generated code calls, at the start of the class's {@code <clinit>}:
     * {@code invokestatic komorium/rt/MIDImpl.create (Ljava/lang/String;)Lkomorium/rt/MID;}.
     *
     * @param names {@code className NUL methodName NUL descriptor [NUL sourceFile]}: the internal
     *     class name ({@code pkg/Outer$Inner}), the method name, the ORIGINAL method descriptor
     *     (not the extended one) and the SourceFile attribute, if any
     */
    public static MID create(String names) {
        return new MIDImpl(names, null);
    }

    /**
     * The factory for methods whose checks pass path keys (a {@code line} argument below 0):
     * {@code invokestatic komorium/rt/MIDImpl.create (Ljava/lang/String;Ljava/lang/String;)
     * Lkomorium/rt/MID;}.
     */
    public static MID create(String names, String paths) {
        return new MIDImpl(names, paths);
    }

    /**
     * The hash agents key their tables with (InvocationNode's children): of the method's names,
     * never 0, the same in every run whatever order classes were initialised in. The creation
     * order ({@link #id}) moved with class initialisations that live snapshots make at other
     * moments (on the embedded engine: java.lang.reflect.Array while the snapshot thread is
     * started, FileOutputStream$1 at its first write, else at shutdown), so every later
     * method's id moved, and with it the children tables' probes: uncounted bytecodes, but
     * executed ones, so a multi-threaded program's time slices ended elsewhere
     * (docs/RUNTIME.md, "Live snapshots"). Computed at the first sample that needs it, while
     * the thread is suspended (String.hashCode may be instrumented in scope all).
     */
    int hashKey() {
        int h = hashKey;
        if (h == 0) {
            h = names == null ? 1 : names.hashCode();
            if (h == 0) h = 1;
            hashKey = h;
        }
        return h;
    }

    /** [className, methodName, descriptor, sourceFile or null]. */
    private String[] parts() {
        String[] p = parts;
        if (p == null) parts = p = split(names);
        return p;
    }

    private static String[] split(String s) {
        String[] out = {"<unknown>", "<unknown>", "()V", null};
        if (s == null) return out;
        // indexOf, not a loop of charAt: in scope all each String call from here enters the
        // JDK method's wrapper, and a loop of them cost ~40,000 bytecodes per method name.
        int from = 0;
        for (int k = 0; k < 4; k++) {
            int i = k < 3 ? s.indexOf('\u0000', from) : -1;
            if (i < 0) {
                out[k] = s.substring(from);
                return out;
            }
            out[k] = s.substring(from, i);
            from = i + 1;
        }
        return out;
    }

    /**
     * The source line of the bytecode {@code overshoot} bytecodes back on the path class
     * {@code key} (0 = the last bytecode of the checked block): the bytecode at which the count
     * reached the threshold. 0 when the key is not in the table. Called while the thread is
     * suspended (the first call decodes the table with String methods, which may be
     * instrumented in scope {@code all}).
     */
    int lineAt(int key, int overshoot) {
        int[] t = paths;
        if (t == null) {
            if (pathText == null) return 0;
            paths = t = decode(pathText);
        }
        // [keys, offset per key, then per class: runs, (line, count) per run from the check
        // backwards; the last run is unbounded (the walk clamps to the path's first bytecode)]
        if (key < 0 || key >= t[0]) return 0;
        int p = t[1 + key];
        int runs = t[p++];
        int o = overshoot < 0 ? 0 : overshoot;
        for (int i = 0; i < runs - 1; i++, p += 2) {
            if (o < t[p + 1]) return t[p];
            o -= t[p + 1];
        }
        return t[p];
    }

    private static int[] decode(String s) {
        // One getChars, not charAt per char (each a call into the JDK's wrapper in scope all).
        int len = s.length();
        char[] cs = new char[len];
        s.getChars(0, len, cs, 0);
        int n = 0;
        for (int i = 0; i < len; i++) if ((cs[i] & 0x4000) == 0) n++;
        int[] out = new int[n];
        int v = 0, shift = 0, k = 0;
        for (int i = 0; i < len; i++) {
            int c = cs[i];
            v |= (c & 0x3fff) << shift;
            if ((c & 0x4000) != 0) shift += 14;
            else {
                out[k++] = v;
                v = 0;
                shift = 0;
            }
        }
        return out;
    }

    /**
     * The profile writer's method key: {@code className NUL methodName NUL descriptor NUL
     * sourceFile} with the class name's '/' as '.' and U+0001 for no source file, as
     * {@code getClassName().replace('/', '.') + '\u0000' + ...} builds it, but made from one
     * copy of the chars (in scope all each String call from here enters the JDK's wrapper).
     */
    String exportKeyString() {
        String s = names;
        if (s != null) {
            int n = s.length();
            char[] c = new char[n + 2];
            s.getChars(0, n, c, 0);
            int k = 0, end = n;
            for (int i = 0; i < n; i++) {
                if (c[i] == '\u0000') {
                    if (++k == 3) break;
                } else if (k == 0 && c[i] == '/') {
                    c[i] = '.';
                }
            }
            // Two separators: no source file (split leaves the fourth part null).
            if (k == 2) {
                c[end++] = '\u0000';
                c[end++] = '\u0001';
            }
            // Through a StringBuilder: new String(char[], ...) runs StringUTF16.compress, and
            // StringUTF16's initialiser, with the JDK instrumented, is counted by whoever
            // initialises it first (the live-snapshot thread must not: docs/RUNTIME.md).
            if (k >= 2) return new StringBuilder(end).append(c, 0, end).toString();
        }
        return getClassName().replace('/', '.') + '\u0000' + getMethodName() + '\u0000' + getDescriptor() + '\u0000'
            + (getSourceFile() == null ? "\u0001" : getSourceFile());
    }

    /** Class name in internal form, e.g. {@code java/util/ArrayList}. */
    public String getClassName() {
        return parts()[0];
    }

    /** Method name, e.g. {@code <init>} or {@code add}. */
    public String getMethodName() {
        return parts()[1];
    }

    /** JVM method descriptor, e.g. {@code (Ljava/lang/Object;)Z}. */
    public String getDescriptor() {
        return parts()[2];
    }

    /** The class's SourceFile attribute, or null when it has none. */
    public String getSourceFile() {
        return parts()[3];
    }

    /** Paper 000 Figure 1: name and signature, e.g. {@code sq(I)I}. */
    public String getMethodNameSig() {
        return getMethodName() + getDescriptor();
    }

    @Override
    public String toString() {
        return getClassName() + "." + getMethodName() + getDescriptor();
    }
}
