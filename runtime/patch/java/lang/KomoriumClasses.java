package java.lang;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
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
 * It is read with FileInputStream's own reads only (opened again for each class, skipped to the
 * offset) and decoded here: RandomAccessFile, DataInputStream and ByteArrayInputStream would be
 * initialised by this code alone, and on JDK 22+ their readInt/readLong/readUTF go through
 * jdk.internal.util.ByteArray, whose initialiser makes six byte-array view VarHandles (VarForms,
 * MethodTypes in the intern set, VarHandle and MethodType initialised) and whose reads resolve
 * the VarForms' `get` MemberNames: work `java` never does before main, done here paused on
 * HotSpot only, which the program then did not do (counted) where the embedded engine did.
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
    private static String data;

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
            read(data, e[2], t);
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

    /** Reads `b.length` bytes of file `path` from offset `at`. */
    private static void read(String path, long at, byte[] b) throws IOException {
        try (FileInputStream in = new FileInputStream(path)) {
            long left = at;
            while (left > 0) {
                long n = in.skip(left);
                if (n <= 0) throw new IOException("cannot skip to " + at);
                left -= n;
            }
            int off = 0;
            while (off < b.length) {
                int n = in.read(b, off, b.length - off);
                if (n < 0) throw new IOException("end of file at " + (at + off));
                off += n;
            }
        }
    }

    /** The big-endian int at b[i]. */
    private static int u4(byte[] b, int i) {
        return (b[i] & 0xff) << 24 | (b[i + 1] & 0xff) << 16 | (b[i + 2] & 0xff) << 8 | (b[i + 3] & 0xff);
    }

    /** The big-endian long at b[i]. */
    private static long u8(byte[] b, int i) {
        return ((long) u4(b, i) << 32) | (u4(b, i + 4) & 0xffffffffL);
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
                    long end = new File(path).length();
                    byte[] tail = new byte[8];
                    read(path, end - 8, tail);
                    long at = u8(tail, 0);
                    byte[] ix = new byte[(int) (end - 8 - at)];
                    read(path, at, ix);
                    int n = u4(ix, 0);
                    int p = 4;
                    HashMap<String, long[]> map = new HashMap<String, long[]>(n * 2 + 1);
                    for (int i = 0; i < n; i++) {
                        int len = (ix[p] & 0xff) << 8 | (ix[p + 1] & 0xff);
                        // UTF-8, as hotspot-classes.ts writes it; an ASCII name becomes a Latin-1 String without
                        // StringUTF16 (not initialised by java's boot on JDK 25).
                        String name = new String(ix, p + 2, len, sun.nio.cs.UTF_8.INSTANCE);
                        p += 2 + len;
                        long size = u4(ix, p);
                        long h = u8(ix, p + 4);
                        long offset = u8(ix, p + 12);
                        long tlen = u4(ix, p + 20);
                        p += 24;
                        map.put(name, new long[] { size, h, offset, tlen });
                    }
                    index = map;
                    data = path;
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
