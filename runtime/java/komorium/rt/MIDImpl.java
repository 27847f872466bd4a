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
    /** Class name as given by the generated code: internal form, e.g. {@code java/util/ArrayList}. */
    public final String className;
    /** Method name, e.g. {@code <init>} or {@code add}. */
    public final String methodName;
    /** JVM method descriptor, e.g. {@code (Ljava/lang/Object;)Z}. */
    public final String descriptor;
    /** The class's SourceFile attribute, or null when it has none. */
    public final String sourceFile;
    /** A process-wide sequence number (creation order), used for hashing by agents. */
    public final int id;

    /**
     * The method's path table (docs/TRANSFORM.md, "Sample lines"), as generated code passes it:
     * non-negative ints, 14 bits per char, bit 14 set on all but a number's last char; null when
     * every check of the method passes its line itself. Decoded at the first sample that needs it.
     */
    private final String pathText;
    private int[] paths;

    /** Used by the profile writer at shutdown only (single thread). */
    int exportKey = -1;

    private static final Object LOCK = new Object();
    private static int nextId;

    /** Stands for a reified-stack entry that is not a method identifier (null or foreign). */
    public static final MIDImpl UNKNOWN = new MIDImpl("<unknown>", "<unknown>", "()V", null);

    private MIDImpl(String className, String methodName, String descriptor, String sourceFile) {
        this(className, methodName, descriptor, sourceFile, null);
    }

    private MIDImpl(String className, String methodName, String descriptor, String sourceFile, String pathText) {
        this.pathText = pathText;
        this.className = className == null ? "<unknown>" : className;
        this.methodName = methodName == null ? "<unknown>" : methodName;
        this.descriptor = descriptor == null ? "()V" : descriptor;
        this.sourceFile = sourceFile;
        int i;
        synchronized (LOCK) {
            i = nextId++;
        }
        this.id = i;
    }

    /**
     * The factory generated code calls:
     * {@code invokestatic komorium/rt/MIDImpl.create
     * (Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Lkomorium/rt/MID;}.
     *
     * @param className internal class name ({@code pkg/Outer$Inner})
     * @param methodName method name
     * @param descriptor the ORIGINAL method descriptor (not the extended one)
     * @param sourceFile the SourceFile attribute, or null
     */
    public static MID create(String className, String methodName, String descriptor, String sourceFile) {
        return new MIDImpl(className, methodName, descriptor, sourceFile);
    }

    /**
     * The factory for methods whose checks pass path keys (a {@code line} argument below 0):
     * {@code invokestatic komorium/rt/MIDImpl.create (Ljava/lang/String;Ljava/lang/String;
     * Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Lkomorium/rt/MID;}.
     */
    public static MID create(String className, String methodName, String descriptor, String sourceFile, String paths) {
        return new MIDImpl(className, methodName, descriptor, sourceFile, paths);
    }

    /**
     * The source line of the bytecode {@code overshoot} bytecodes back on the path {@code key}
     * (the check's key plus its path number) leads through, counting the checked block's own
     * bytecodes first: the bytecode at which the count reached the threshold. 0 when the key is
     * not in the table. Called while the thread is suspended (the first call decodes the table
     * with String methods, which may be instrumented in scope {@code all}).
     */
    int lineAt(int key, int overshoot) {
        int[] t = paths;
        if (t == null) {
            if (pathText == null) return 0;
            paths = t = decode(pathText);
        }
        // Checks: (key base, paths, node offset), ascending by base.
        int checks = t[0];
        int lo = 0, hi = checks - 1, node = -1, r = 0;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int b = t[1 + 3 * mid];
            if (key < b) hi = mid - 1;
            else if (key >= b + t[2 + 3 * mid]) lo = mid + 1;
            else {
                node = t[3 + 3 * mid];
                r = key - b;
                break;
            }
        }
        if (node < 0) return 0;
        int o = overshoot < 0 ? 0 : overshoot;
        // Node: length, runs, (line, count) per run, predecessors, (node + 1 or 0 = path start, val, size) each.
        for (int guard = 0; guard < 65536; guard++) {
            int len = t[node];
            int runs = t[node + 1];
            if (o < len) {
                int idx = len - 1 - o;
                for (int k = 0; k < runs; k++) {
                    int c = t[node + 3 + 2 * k];
                    if (idx < c) return t[node + 2 + 2 * k];
                    idx -= c;
                }
                return 0;
            }
            o -= len;
            int p = node + 2 + 2 * runs;
            int np = t[p];
            int next = -1;
            for (int k = 0; k < np; k++) {
                int val = t[p + 2 + 3 * k];
                if (r >= val && r < val + t[p + 3 + 3 * k]) {
                    next = t[p + 1 + 3 * k];
                    r -= val;
                    break;
                }
            }
            // The path's start (or the overshoot reaches before it, after an exception): its first bytecode.
            if (next <= 0) return runs > 0 ? t[node + 2] : 0;
            node = next - 1;
        }
        return 0;
    }

    private static int[] decode(String s) {
        int n = 0;
        int len = s.length();
        for (int i = 0; i < len; i++) if ((s.charAt(i) & 0x4000) == 0) n++;
        int[] out = new int[n];
        int v = 0, shift = 0, k = 0;
        for (int i = 0; i < len; i++) {
            int c = s.charAt(i);
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

    public String getClassName() {
        return className;
    }

    public String getMethodName() {
        return methodName;
    }

    public String getDescriptor() {
        return descriptor;
    }

    public String getSourceFile() {
        return sourceFile;
    }

    /** Paper 000 Figure 1: name and signature, e.g. {@code sq(I)I}. */
    public String getMethodNameSig() {
        return methodName + descriptor;
    }

    @Override
    public String toString() {
        return className + "." + methodName + descriptor;
    }
}
