package java.lang;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Patched into java.base by the HotSpot engine (--patch-module, server/src/engine/reflect-patch.ts):
 * the program runs on its own class path, and java.lang.ClassLoader's defineClass(String, byte[],
 * int, int, ProtectionDomain) and defineClass(String, ByteBuffer, ProtectionDomain) first pass
 * the class's bytes through {@link #swap} / {@link #swapBuffer}. When the class is one the
 * engine transformed (same binary name, same length and hash of the original bytes), the
 * transformed bytes are defined instead; any other class, of any loader, is defined as given.
 *
 * The transformed classes are in the file named by the system property komorium.classes,
 * written by server/src/engine/hotspot-classes.ts: the transformed bytes one after the other,
 * then the index (int count, then per class: UTF binary name, int original length, int h1,
 * int h2, long offset, int length), then the index's offset as a long. It is read when the
 * first class is defined; the index is a HashMap by name, the bytes are read when needed.
 *
 * A loader that is not one of the JDK's own runs transformed classes only when it resolves the
 * runtime (komorium.rt.TC) to the boot loader's: a loader that does not delegate it (say, one
 * that delegates only java.* names) defines its classes as given, untransformed and unprofiled,
 * instead of failing with NoClassDefFoundError: komorium/rt/TC. To know, its loadClass is asked
 * for komorium.rt.TC once, when it first defines a class the engine transformed (the answer is
 * kept in the loader's ClassLoaderValue map); HotSpot would ask it the same when the transformed
 * class is linked. Otherwise this code runs inside class definition calling no code of the
 * program, computes no identity hash codes, and never throws. It is public only for {@link #hidden}, which
 * jdk.internal.loader.BootLoader calls.
 */
public final class KomoriumClasses {
    private KomoriumClasses() {}

    // No static initialiser (the lock is the class itself): with the JDK instrumented
    // (jdk-modules.ts) every method here runs paused (TC.enterPaused), a class initialiser would
    // run counted.
    /** 0: not read yet; 1: active; 2: off (no komorium.classes, or unreadable). */
    private static volatile int state;
    private static HashMap<String, long[]> index;
    private static RandomAccessFile data;

    /**
     * The hash of the original bytes that the index records (hotspot-classes.ts computes the
     * same): FNV-1a over the bytes in the high word, the polynomial hash of
     * Arrays.hashCode in the low word.
     */
    static long hash(byte[] b, int off, int len) {
        int h1 = 0x811c9dc5;
        int h2 = 0;
        for (int i = off, end = off + len; i < end; i++) {
            int x = b[i] & 0xff;
            h1 = (h1 ^ x) * 0x01000193;
            h2 = 31 * h2 + x;
        }
        return ((long) h1 << 32) | (h2 & 0xffffffffL);
    }

    /** The key of the answer of {@link #seesRuntime} in a loader's ClassLoaderValue map. */
    private static final String SEES_RUNTIME = "komorium.rt.TC";

    /**
     * True when classes of `loader` can run transformed code: the JDK's loaders, or a loader
     * whose loadClass("komorium.rt.TC") gives the boot loader's class.
     */
    @SuppressWarnings("unchecked")
    static boolean seesRuntime(ClassLoader loader) {
        if (loader == null || loader instanceof jdk.internal.loader.BuiltinClassLoader) return true;
        ConcurrentHashMap<Object, Object> m = (ConcurrentHashMap<Object, Object>) loader.createOrGetClassLoaderValueMap();
        Object v = m.get(SEES_RUNTIME);
        if (v == null) {
            boolean sees;
            try {
                sees = loader.loadClass(SEES_RUNTIME) == Class.forName(SEES_RUNTIME, false, null);
            } catch (Throwable t) {
                sees = false;
            }
            v = m.putIfAbsent(SEES_RUNTIME, Boolean.valueOf(sees));
            if (v == null) v = Boolean.valueOf(sees);
        }
        return v == Boolean.TRUE;
    }

    /** The bytes to define for class `name` by `loader`: the transformed ones, or `b` itself. */
    static byte[] swap(ClassLoader loader, String name, byte[] b, int off, int len) {
        try {
            if (name == null || b == null) return b;
            int s = state;
            if (s == 0) s = load();
            if (s != 1) return b;
            long[] e = index.get(name);
            if (e == null || len != (int) e[0] || off < 0 || off > b.length - len || hash(b, off, len) != e[1]) return b;
            if (!seesRuntime(loader)) return b;
            byte[] t = new byte[(int) e[3]];
            synchronized (KomoriumClasses.class) {
                data.seek(e[2]);
                data.readFully(t);
            }
            return t;
        } catch (Throwable t) {
            warn("cannot read the transformed class " + name, t);
            return b;
        }
    }

    /** The offset to define with: 0 in the transformed bytes. */
    static int swapOff(byte[] swapped, byte[] b, int off) {
        return swapped == b ? off : 0;
    }

    /** The length to define with. */
    static int swapLen(byte[] swapped, byte[] b, int len) {
        return swapped == b ? len : swapped.length;
    }

    /**
     * The buffer to define from: a heap buffer of the transformed bytes (ClassLoader then takes
     * its byte[] path), or `bb` itself. The original buffer is not moved.
     */
    static ByteBuffer swapBuffer(ClassLoader loader, String name, ByteBuffer bb) {
        try {
            if (name == null || bb == null) return bb;
            int s = state;
            if (s == 0) s = load();
            if (s != 1) return bb;
            long[] e = index.get(name);
            if (e == null || bb.remaining() != (int) e[0]) return bb;
            byte[] copy = new byte[bb.remaining()];
            bb.duplicate().get(copy);
            byte[] t = swap(loader, name, copy, 0, copy.length);
            return t == copy ? bb : ByteBuffer.wrap(t);
        } catch (Throwable t) {
            warn("cannot read the transformed class " + name, t);
            return bb;
        }
    }

    /**
     * True for the runtime's class files and directories (komorium/...), which the HotSpot
     * engine puts on the boot class path: jdk.internal.loader.BootLoader does not find them as
     * resources, so the program sees no more resources than it would without Komorium (its own
     * class path's come from its own loaders), and a loader that copies class files it finds
     * as resources defines no copies of the runtime.
     */
    public static boolean hidden(String name) {
        return name != null && name.startsWith("komorium") && (name.length() == 8 || name.charAt(8) == '/');
    }

    private static int load() {
        synchronized (KomoriumClasses.class) {
            if (state != 0) return state;
            // Classes defined before the system properties exist are the JDK's: try again later.
            if (jdk.internal.misc.VM.initLevel() < 1) return 0;
            String path = System.getProperty("komorium.classes");
            int s = 2;
            if (path != null) {
                try {
                    RandomAccessFile f = new RandomAccessFile(path, "r");
                    long end = f.length();
                    f.seek(end - 8);
                    long at = f.readLong();
                    byte[] ix = new byte[(int) (end - 8 - at)];
                    f.seek(at);
                    f.readFully(ix);
                    DataInputStream in = new DataInputStream(new ByteArrayInputStream(ix));
                    int n = in.readInt();
                    HashMap<String, long[]> map = new HashMap<String, long[]>(n * 2 + 1);
                    for (int i = 0; i < n; i++) {
                        String name = in.readUTF();
                        long len = in.readInt();
                        long h = ((long) in.readInt() << 32) | (in.readInt() & 0xffffffffL);
                        long offset = in.readLong();
                        long size = in.readInt();
                        map.put(name, new long[] { len, h, offset, size });
                    }
                    index = map;
                    data = f;
                    s = 1;
                } catch (Throwable t) {
                    warn("cannot read the transformed classes " + path, t);
                }
            }
            state = s;
            return s;
        }
    }

    private static void warn(String what, Throwable t) {
        try {
            System.err.println("komorium: " + what + ": " + t);
        } catch (Throwable ignored) {
            // nothing more to do
        }
    }
}
