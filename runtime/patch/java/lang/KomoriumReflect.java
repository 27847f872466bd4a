package java.lang;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Patched into java.base by the HotSpot engine (--patch-module): java.lang.Class passes the
 * results of its getDeclaredMethods0/Fields0/Constructors0 natives through these filters, so
 * reflection does not see what the Komorium transformation added: the synthetic extended
 * methods and constructors (..., komorium.rt.TC, komorium.rt.MID[], int) and the MID fields.
 * This is the approach of paper 000, Section 4.3. java.lang.StackTraceElement's of(x, depth)
 * keeps the frames of a stack trace that are not reverse trampolines before it makes and formats
 * its elements ({@link #blankFrames}, {@link #keepFrames}, {@link #fillFrames};
 * server/src/engine/stack-frames-patch.ts), and
 * java.lang.invoke.MemberName (JDK 17) and java.lang.StackFrameInfo (JDK 22+) the method types
 * the VM gives stack frames through {@link #memberType} and {@link #frameType}, the originals',
 * java.lang.NullPointerException its helpful message (JEP 358) through {@link #npeMessage},
 * which names methods by their original descriptors. java.lang.ProcessHandleImpl passes a
 * process's information through {@link #info}, which leaves out the engine's argument file, so
 * the program sees its command line as without Komorium. jdk.internal.util.SystemProps$Raw
 * passes the VM's properties through {@link #vmProperties}, which reports the JDK's home where
 * HotSpot reports the instrumented copy's, and jdk.internal.jimage.BasicImageReader the image
 * path it asks the VM's map for through {@link #imagePath}, which turns it back into the copy's.
 */
public final class KomoriumReflect {
    private KomoriumReflect() {}

    private static boolean extended(int modifiers, Class<?>[] p) {
        int n = p.length;
        return (modifiers & 0x1000) != 0 && n >= 3 && p[n - 1] == int.class
            && "komorium.rt.TC".equals(p[n - 3].getName()) && "[Lkomorium.rt.MID;".equals(p[n - 2].getName());
    }

    static Method[] methods(Method[] ms) {
        if (ms == null) return null;
        int keep = 0;
        for (Method m : ms) if (!extended(m.getModifiers(), m.getParameterTypes())) keep++;
        if (keep == ms.length) return ms;
        Method[] out = new Method[keep];
        int i = 0;
        for (Method m : ms) if (!extended(m.getModifiers(), m.getParameterTypes())) out[i++] = m;
        return out;
    }

    static Constructor<?>[] constructors(Constructor<?>[] cs) {
        if (cs == null) return null;
        int keep = 0;
        for (Constructor<?> c : cs) if (!extended(c.getModifiers(), c.getParameterTypes())) keep++;
        if (keep == cs.length) return cs;
        Constructor<?>[] out = new Constructor<?>[keep];
        int i = 0;
        for (Constructor<?> c : cs) if (!extended(c.getModifiers(), c.getParameterTypes())) out[i++] = c;
        return out;
    }

    private static boolean added(Field f) {
        return (f.getModifiers() & 0x1000) != 0 && f.getName().startsWith("$komorium$");
    }

    static Field[] fields(Field[] fs) {
        if (fs == null) return null;
        int keep = 0;
        for (Field f : fs) if (!added(f)) keep++;
        if (keep == fs.length) return fs;
        Field[] out = new Field[keep];
        int i = 0;
        for (Field f : fs) if (!added(f)) out[i++] = f;
        return out;
    }

    /**
     * The only line of a reverse trampoline (TRAMPOLINE_LINE in server/src/runtime/contract.ts):
     * the extended version of a native, abstract or interface method, which calls the original.
     * The original program had no frame there.
     */
    private static final int TRAMPOLINE_LINE = 65535;

    /** A stack trace without the frames of reverse trampolines. */
    private static StackTraceElement[] frames(StackTraceElement[] st) {
        int keep = 0;
        for (StackTraceElement e : st) if (e == null || e.getLineNumber() != TRAMPOLINE_LINE) keep++;
        if (keep == st.length) return st;
        StackTraceElement[] out = new StackTraceElement[keep];
        int i = 0;
        for (StackTraceElement e : st) if (e == null || e.getLineNumber() != TRAMPOLINE_LINE) out[i++] = e;
        return out;
    }

    /**
     * {@code depth} elements for the VM to fill (StackTraceElement.initStackTraceElements), as
     * StackTraceElement's private constructor leaves them: the VM sets the class, its object, the
     * method, file and line, and the loader's and module's names where they exist; the others
     * stay null, as here.
     */
    static StackTraceElement[] blankFrames(int depth) {
        StackTraceElement[] st = new StackTraceElement[depth];
        for (int i = 0; i < depth; i++) st[i] = new StackTraceElement("", "", null, 0);
        return st;
    }

    /**
     * Backtraces (by identity) whose kept frames {@link #fillFrames} has yet to take, and those
     * frames (made at the first use: this class has no static initialiser, which would run
     * counted).
     */
    private static Object[] keptFor;
    private static StackTraceElement[][] kept;

    /**
     * The frames of {@code filled} (the elements of backtrace {@code x}, filled by the VM) that are
     * not reverse trampolines, kept for {@link #fillFrames}; returns how many.
     */
    static int keepFrames(StackTraceElement[] filled, Object x) {
        StackTraceElement[] st = frames(filled);
        synchronized (KomoriumReflect.class) {
            if (keptFor == null) {
                keptFor = new Object[4];
                kept = new StackTraceElement[4][];
            }
            int free = -1;
            for (int i = 0; i < keptFor.length; i++) {
                if (keptFor[i] == x) { free = i; break; }
                if (keptFor[i] == null && free < 0) free = i;
            }
            if (free < 0) {
                // One slot per thread between keepFrames and fillFrames (a throwable's own are
                // taken under its lock); more only when StackTraceElement.of threw in between.
                free = keptFor.length;
                keptFor = java.util.Arrays.copyOf(keptFor, free * 2);
                kept = java.util.Arrays.copyOf(kept, free * 2);
            }
            keptFor[free] = x;
            kept[free] = st;
        }
        return st.length;
    }

    /** StackTraceElement.initStackTraceElements(st, x) of JDK 17: the frames kept for {@code x}. */
    static void fillFrames(StackTraceElement[] st, Object x) {
        StackTraceElement[] frames = null;
        synchronized (KomoriumReflect.class) {
            for (int i = 0; keptFor != null && i < keptFor.length; i++) {
                if (keptFor[i] == x) {
                    frames = kept[i];
                    keptFor[i] = null;
                    kept[i] = null;
                    break;
                }
            }
        }
        if (frames == null || frames.length != st.length) throw new InternalError("komorium: no stack frames kept for this backtrace");
        System.arraycopy(frames, 0, st, 0, st.length);
    }

    /** StackTraceElement.initStackTraceElements(st, x, depth) of JDK 19 and later. */
    static void fillFrames(StackTraceElement[] st, Object x, int depth) {
        fillFrames(st, x);
    }

    /** The three parameters the transformation appends, in a method descriptor, and its ')'. */
    private static final String EXTENDED = "Lkomorium/rt/TC;[Lkomorium/rt/MID;I)";

    /**
     * A method descriptor the VM gave for a stack frame's method, the original's where the frame
     * runs the extended version: {@code (Ljava/lang/String;Lkomorium/rt/TC;[Lkomorium/rt/MID;I)V}
     * becomes {@code (Ljava/lang/String;)V}; anything else as it is.
     */
    private static Object original(Object type) {
        if (!(type instanceof String)) return type;
        String s = (String) type;
        int i = s.indexOf(EXTENDED);
        if (i < 1 || s.charAt(0) != '(') return type;
        int rest = i + EXTENDED.length() - 1;
        return new StringBuilder(s.length() - rest + i).append(s, 0, i).append(s, rest, s.length()).toString();
    }

    /**
     * JDK 17: MemberName.expandFromVM's {@code type} after MethodHandleNatives.expand (a stack
     * frame's MemberName: StackWalker's getDescriptor and getMethodType). A new String, as the
     * VM's. Public: MemberName is in another package (a pure function, harmless to any caller).
     */
    public static Object memberType(Object type) {
        return original(type);
    }

    /**
     * JDK 22 and later: StackFrameInfo's {@code type} after its native expandStackFrameInfo,
     * interned as the VM interns it.
     */
    static Object frameType(Object type) {
        Object t = original(type);
        return t == type ? type : ((String) t).intern();
    }

    /** The three parameters the transformation appends, as helpful NPE messages print them. */
    private static final String EXTRA = "komorium.rt.TC, komorium.rt.MID[], int)";

    /**
     * A helpful NullPointerException message (computed by the VM from the transformed bytecode)
     * with the methods it names shown with their original parameters:
     * {@code Main.f(int, komorium.rt.TC, komorium.rt.MID[], int)} becomes {@code Main.f(int)}.
     */
    static String npeMessage(String m) {
        if (m == null || m.indexOf(EXTRA) < 0) return m;
        StringBuilder b = new StringBuilder(m.length());
        int from = 0;
        int i;
        while ((i = m.indexOf(EXTRA, from)) >= 0) {
            int cut = i;
            if (cut >= 2 && m.charAt(cut - 2) == ',' && m.charAt(cut - 1) == ' ') cut -= 2;
            else if (cut < 1 || m.charAt(cut - 1) != '(') {
                // Not a parameter list we appended to: keep it as it is.
                b.append(m, from, i + EXTRA.length());
                from = i + EXTRA.length();
                continue;
            }
            b.append(m, from, cut).append(')');
            from = i + EXTRA.length();
        }
        return b.append(m, from, m.length()).toString();
    }

    /**
     * ProcessHandle.Info without the HotSpot engine's argument file ({@code @DIR/jvm.args},
     * beside the file of transformed classes that -Dkomorium.classes names; it holds the
     * engine's JVM options): the arguments and command line are then what java shows without
     * Komorium. Other processes' information is returned as it is.
     */
    static ProcessHandle.Info info(ProcessHandle.Info i) {
        if (!(i instanceof ProcessHandleImpl.Info)) return i;
        ProcessHandleImpl.Info info = (ProcessHandleImpl.Info) i;
        String classes = System.getProperty("komorium.classes");
        String[] args = info.arguments;
        if (classes == null || args == null) return i;
        String own = "@" + classes.substring(0, classes.lastIndexOf('/') + 1) + "jvm.args";
        int k = 0;
        while (k < args.length && !args[k].equals(own)) k++;
        if (k == args.length) return i;
        String[] rest = new String[args.length - 1];
        System.arraycopy(args, 0, rest, 0, k);
        System.arraycopy(args, k + 1, rest, k, args.length - k - 1);
        info.arguments = rest;
        String line = info.commandLine;
        int at = line == null ? -1 : line.indexOf(" " + own);
        if (at >= 0) info.commandLine = line.substring(0, at) + line.substring(at + own.length() + 1);
        return i;
    }

    /**
     * The instrumented copy's home (what HotSpot reported as java.home) when
     * {@link #vmProperties} replaced it by the JDK's, or null.
     */
    private static String copyHome;
    private static String jdkHome;

    /**
     * The VM's properties (key, value pairs) with java.home, and the start of
     * sun.boot.library.path, the JDK's home {@code home} where HotSpot took the copy's from
     * libjvm's real path (a hard link in the copy): the program then sees the strings java shows
     * and the JDK's code scans them as on the embedded engine. Runs in System.initPhase1, so no
     * string concatenation (no invokedynamic) and nothing but String's methods.
     */
    public static String[] vmProperties(String[] props, String home) {
        if (props == null || home == null) return props;
        String own = null;
        for (int i = 0; i + 1 < props.length; i += 2) if ("java.home".equals(props[i])) own = props[i + 1];
        if (own == null || own.equals(home)) return props;
        for (int i = 0; i + 1 < props.length; i += 2) {
            String v = props[i + 1];
            if ("java.home".equals(props[i])) props[i + 1] = home;
            else if ("sun.boot.library.path".equals(props[i]) && v != null && v.startsWith(own)
                     && (v.length() == own.length() || v.charAt(own.length()) == '/'))
                props[i + 1] = home.concat(v.substring(own.length()));
        }
        jdkHome = home;
        copyHome = own;
        return props;
    }

    /**
     * The path of an image whose VM map Java's image reader asks for: the JDK's
     * {@code <home>/lib/modules} is the copy's (the image the VM opened), any other as it is.
     */
    public static String imagePath(String path) {
        String own = copyHome;
        String home = jdkHome;
        if (own == null || home == null || path == null || !path.startsWith(home)) return path;
        String rest = path.substring(home.length());
        return "/lib/modules".equals(rest) ? own.concat(rest) : path;
    }
}
