package komorium.rt;

import java.io.File;
import java.io.FileOutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;

/**
 * Writes the default agent's profile (docs/PROFILE_FORMAT.md, version 1) at shutdown: the
 * per-thread trees are merged where several objects stand for the same method, put in a
 * canonical order (threads by name and rank, children by method and call line), and written
 * to a temporary file in the target directory that is then renamed over the target, so a
 * reader never sees a partial profile. Runs on the shutdown hook thread after sampling has
 * stopped, or on the live-snapshot thread while sampling goes on (each thread's tree is copied
 * under its context's monitor), so it may use the JDK freely. All traversals are iterative
 * (trees can be deep).
 */
final class ProfileWriter {
    static final int VERSION = 1;

    private static final class Out {
        final String name;
        final int seq;
        long samples;
        long bytecodes;
        int merged;
        /** The thread's tree, copied while holding its context's monitor. */
        ExportNode tree;

        Out(String name, int seq) {
            this.name = name;
            this.seq = seq;
        }
    }

    /** Method keys: distinct (class, name, descriptor, source file). */
    private final HashMap<String, Integer> keyIds = new HashMap<String, Integer>();
    private final ArrayList<String> keyStrings = new ArrayList<String>();
    private final ArrayList<MIDImpl> keyMids = new ArrayList<MIDImpl>();
    /**
     * Live snapshots run while the program runs and may overlap the final writer: they keep
     * their method keys here instead of in {@link MIDImpl#exportKey}, which belongs to the final
     * writer alone.
     */
    private final HashMap<MIDImpl, Integer> snapshotKeys;

    private ProfileWriter(boolean snapshot) {
        this.snapshotKeys = snapshot ? new HashMap<MIDImpl, Integer>() : null;
    }

    /** A live snapshot of the profile so far (komorium.live); sampling goes on meanwhile. */
    static byte[] snapshot(TC[] contexts, String agentName) {
        return new ProfileWriter(true).render(contexts, agentName);
    }

    static void write(TC[] contexts, String agentName) {
        File target = new File(Config.out).getAbsoluteFile();
        try {
            byte[] bytes = new ProfileWriter(false).render(contexts, agentName);
            writeAtomically(target, bytes);
            if (Config.verbose) Contexts.warn("profile written to " + target.getPath());
        } catch (Throwable e) {
            Contexts.warn("could not write the profile to " + target.getPath() + ": " + e);
        }
    }

    /** Writes to a temporary file next to {@code target}, then renames it over the target. */
    static void writeAtomically(File target, byte[] bytes) throws Exception {
        File dir = target.getParentFile();
        if (dir != null && !dir.isDirectory() && !dir.mkdirs() && !dir.isDirectory()) {
            throw new java.io.IOException("cannot create directory " + dir.getPath());
        }
        File tmp = new File(dir, "." + target.getName() + "." + Long.toHexString(System.nanoTime()) + ".tmp");
        FileOutputStream os = new FileOutputStream(tmp);
        boolean ok = false;
        try {
            os.write(bytes);
            os.flush();
            os.getFD().sync();
            ok = true;
        } finally {
            os.close();
            if (!ok) tmp.delete();
        }
        if (!tmp.renameTo(target)) {
            // Windows cannot rename over an existing file.
            target.delete();
            if (!tmp.renameTo(target)) {
                tmp.delete();
                throw new java.io.IOException("cannot rename " + tmp.getPath() + " to " + target.getPath());
            }
        }
    }

    private int keyOf(MIDImpl m) {
        if (snapshotKeys != null) {
            Integer known = snapshotKeys.get(m);
            if (known != null) return known.intValue();
        } else if (m.exportKey >= 0) {
            return m.exportKey;
        }
        String s = m.exportKeyString();
        Integer k = keyIds.get(s);
        if (k == null) {
            k = Integer.valueOf(keyStrings.size());
            keyIds.put(s, k);
            keyStrings.add(s);
            keyMids.add(m);
        }
        if (snapshotKeys != null) snapshotKeys.put(m, k);
        else m.exportKey = k.intValue();
        return k.intValue();
    }

    byte[] render(TC[] contexts, String agentName) {
        ArrayList<Out> outs = new ArrayList<Out>();
        for (int i = 0; i < contexts.length; i++) {
            Out o = snapshotKeys != null ? copyLive(contexts[i]) : copy(contexts[i], false);
            if (o != null) outs.add(o);
        }
        Sort.sort(outs, new Comparator<Out>() {
            public int compare(Out a, Out b) {
                int c = a.name.compareTo(b.name);
                return c != 0 ? c : (a.seq < b.seq ? -1 : (a.seq == b.seq ? 0 : 1));
            }
        });
        if (outs.size() > Config.maxThreads) outs = mergeSmallest(outs, Config.maxThreads);

        long totalSamples = 0;
        long totalBytecodes = 0;
        ExportNode[] trees = new ExportNode[outs.size()];
        for (int i = 0; i < trees.length; i++) {
            Out o = outs.get(i);
            totalSamples += o.samples;
            totalBytecodes += o.bytecodes;
            trees[i] = o.tree;
        }

        Json j = new Json();
        j.raw("{\"format\":\"komorium-profile\",\"version\":").num(VERSION);
        j.raw(",\n\"meta\":{\"engine\":").str(Config.engine);
        j.raw(",\"vm\":").str(Config.vm);
        j.raw(",\"jdk\":").str(Config.jdk);
        j.raw(",\"granularity\":").num(Config.granularity);
        j.raw(",\"random\":").num(Config.random);
        j.raw(",\"seed\":").num(Config.seed);
        j.raw(",\"program\":").str(Config.program);
        j.raw(",\"args\":[");
        for (int i = 0; i < Config.args.length; i++) {
            if (i > 0) j.raw(',');
            j.str(Config.args[i]);
        }
        j.raw("],\"scope\":").str(Config.scope);
        if (Config.startup != null) j.raw(",\"startup\":").str(Config.startup);
        j.raw(",\"agent\":").str(agentName);
        j.raw(",\"startTime\":").num(Config.startTime);
        j.raw(",\"endTime\":").num(Config.wallClockMillis());
        j.raw(",\"totalBytecodes\":").num(totalBytecodes);
        j.raw(",\"totalSamples\":").num(totalSamples);
        j.raw("},\n");

        // Canonical order (children by method key string, then call line: the keys' ranks in
        // string order, sorted once) and method indices in order of first appearance.
        int[] rank = keyRanks();
        int[] methodIndex = new int[keyStrings.size()];
        for (int i = 0; i < methodIndex.length; i++) methodIndex[i] = -1;
        int[] methodOrder = new int[16];
        int nMethods = 0;
        Json threads = new Json();
        for (int t = 0; t < outs.size(); t++) {
            Out o = outs.get(t);
            if (t > 0) threads.raw(",\n");
            threads.raw("{\"name\":").str(o.name);
            threads.raw(",\"seq\":").num(o.seq);
            if (o.merged > 0) threads.raw(",\"merged\":").num(o.merged);
            threads.raw(",\"bytecodes\":").num(o.bytecodes);
            threads.raw(",\"samples\":").num(o.samples);
            threads.raw(",\"nodes\":[\n");
            // Preorder with an explicit stack of (node, parent index).
            ExportNode[] stack = new ExportNode[16];
            int[] parents = new int[16];
            int sp = 0;
            stack[sp] = trees[t];
            parents[sp++] = -1;
            int next = 0;
            while (sp > 0) {
                ExportNode n = stack[--sp];
                int parent = parents[sp];
                int id = next++;
                int m = -1;
                if (parent >= 0) {
                    m = methodIndex[n.key];
                    if (m < 0) {
                        m = methodIndex[n.key] = nMethods;
                        if (nMethods == methodOrder.length) methodOrder = grow(methodOrder);
                        methodOrder[nMethods++] = n.key;
                    }
                }
                if (id > 0) threads.raw(",\n");
                threads.raw('[').num(parent).raw(',').num(m).raw(',').num(parent >= 0 ? n.line : 0).raw(',').num(n.self);
                if (n.nLines > 0) {
                    long[] ls = n.sortedLines();
                    threads.raw(",[");
                    for (int i = 0; i < ls.length; i += 2) {
                        if (i > 0) threads.raw(',');
                        threads.num(ls[i]).raw(',').num(ls[i + 1]);
                    }
                    threads.raw(']');
                }
                threads.raw(']');
                n.sortKids(rank);
                if (sp + n.nKids > stack.length) {
                    int cap = stack.length * 2;
                    while (cap < sp + n.nKids) cap *= 2;
                    ExportNode[] a = new ExportNode[cap];
                    System.arraycopy(stack, 0, a, 0, sp);
                    stack = a;
                    int[] b = new int[cap];
                    System.arraycopy(parents, 0, b, 0, sp);
                    parents = b;
                }
                for (int i = n.nKids - 1; i >= 0; i--) {
                    stack[sp] = n.kids[i];
                    parents[sp++] = id;
                }
            }
            threads.raw("]}");
        }

        j.raw("\"methods\":[\n");
        for (int i = 0; i < nMethods; i++) {
            MIDImpl m = keyMids.get(methodOrder[i]);
            if (i > 0) j.raw(",\n");
            j.raw('[').str(m.getClassName().replace('/', '.')).raw(',').str(m.getMethodName()).raw(',').str(m.getDescriptor()).raw(',');
            if (m.getSourceFile() == null) j.raw("null");
            else j.str(m.getSourceFile());
            j.raw(']');
        }
        j.raw("],\n\"threads\":[\n").append(threads).raw("]}\n");
        return j.toBytes();
    }

    /**
     * A thread's totals and tree, copied under its context's monitor (null: nothing to write).
     * A live snapshot counts the finished sampling intervals only: the pending part of the
     * current one is read from fields the running thread changes without the monitor.
     */
    private Out copy(TC tc, boolean live) {
        synchronized (tc) {
            if (!(tc.agentData instanceof ThreadData)) return null;
            ThreadData d = (ThreadData) tc.agentData;
            long b = d.bytecodes + (live ? 0 : tc.pendingBytecodes());
            if (d.samples == 0 && b == 0) return null;
            Out o = new Out(d.unnamed ? laterName(tc, d.name) : d.name, d.seq);
            o.samples = d.samples;
            o.bytecodes = b;
            o.tree = exportTree(d.root);
            return o;
        }
    }

    /** The name of a thread registered before it had one, as it is now (else {@code name}). */
    private static String laterName(TC tc, String name) {
        try {
            String n = tc.thread == null ? null : tc.thread.getName();
            return n != null ? n : name;
        } catch (Throwable e) {
            return name;
        }
    }

    /**
     * {@link #copy} for a live snapshot: the thread's next sample waits until we hold the
     * monitor. Not on the embedded engine: there the snapshot thread runs before any program
     * thread whenever it can (it is never starved of the monitor), and the sample's
     * {@code Thread.yield} would end the program thread's time slice early, so its threads
     * would switch elsewhere than without live snapshots.
     */
    private Out copyLive(TC tc) {
        if (!"interp".equals(Config.engine)) tc.snapshotWaiting = true;
        try {
            synchronized (tc) {
                tc.snapshotWaiting = false;
                return copy(tc, true);
            }
        } finally {
            tc.snapshotWaiting = false;
        }
    }

    /** Keeps the max - 1 threads with most samples; merges the others into one entry. */
    private static ArrayList<Out> mergeSmallest(ArrayList<Out> sorted, int max) {
        ArrayList<Out> bySamples = new ArrayList<Out>(sorted);
        final ArrayList<Out> canon = sorted;
        final HashMap<Out, Integer> rank = new HashMap<Out, Integer>();
        for (int i = 0; i < canon.size(); i++) rank.put(canon.get(i), Integer.valueOf(i));
        Sort.sort(bySamples, new Comparator<Out>() {
            public int compare(Out a, Out b) {
                if (a.samples != b.samples) return a.samples > b.samples ? -1 : 1;
                return rank.get(a).intValue() - rank.get(b).intValue();
            }
        });
        int keep = max > 1 ? max - 1 : 0;
        HashMap<Out, Boolean> kept = new HashMap<Out, Boolean>();
        for (int i = 0; i < keep; i++) kept.put(bySamples.get(i), Boolean.TRUE);
        ArrayList<Out> r = new ArrayList<Out>();
        Out other = new Out("(other threads)", 0);
        other.tree = new ExportNode(-1, 0);
        for (int i = 0; i < canon.size(); i++) {
            Out o = canon.get(i);
            if (kept.containsKey(o)) r.add(o);
            else {
                other.samples += o.samples;
                other.bytecodes += o.bytecodes;
                other.merged++;
                mergeInto(other.tree, o.tree);
            }
        }
        r.add(other);
        return r;
    }

    /** Adds the export tree {@code src} into {@code dst} (same method key and call line = same node). */
    private static void mergeInto(ExportNode dst, ExportNode src) {
        ExportNode[] from = new ExportNode[16];
        ExportNode[] to = new ExportNode[16];
        int sp = 0;
        from[sp] = src;
        to[sp++] = dst;
        while (sp > 0) {
            ExportNode s = from[--sp];
            ExportNode d = to[sp];
            d.self += s.self;
            s.addLinesTo(d);
            if (sp + s.nKids > from.length) {
                from = grow(from, sp + s.nKids);
                to = grow(to, sp + s.nKids);
            }
            for (int i = 0; i < s.nKids; i++) {
                ExportNode k = s.kids[i];
                from[sp] = k;
                to[sp++] = d.child(k.key, k.line);
            }
        }
    }

    private static ExportNode[] grow(ExportNode[] a, int min) {
        int cap = a.length * 2;
        while (cap < min) cap *= 2;
        ExportNode[] b = new ExportNode[cap];
        System.arraycopy(a, 0, b, 0, a.length);
        return b;
    }

    private static int[] grow(int[] a) {
        int[] b = new int[a.length * 2];
        System.arraycopy(a, 0, b, 0, a.length);
        return b;
    }

    /**
     * Each method key's position in the keys' string order ({@code String.compareTo}): one sort
     * of the (distinct) key strings, so that sorting children compares ints.
     */
    private int[] keyRanks() {
        int n = keyStrings.size();
        String[] sorted = keyStrings.toArray(new String[n]);
        Sort.sortStrings(sorted);
        int[] rank = new int[n];
        for (int i = 0; i < n; i++) rank[keyIds.get(sorted[i]).intValue()] = i;
        return rank;
    }

    /**
     * Copies one thread's tree into an export tree (nodes standing for the same method key and
     * call line merged). The caller holds the thread's context monitor.
     */
    private ExportNode exportTree(InvocationNode treeRoot) {
        ExportNode root = new ExportNode(-1, 0);
        InvocationNode[] src = new InvocationNode[16];
        ExportNode[] dst = new ExportNode[16];
        int sp = 0;
        src[sp] = treeRoot;
        dst[sp++] = root;
        while (sp > 0) {
            InvocationNode s = src[--sp];
            ExportNode d = dst[sp];
            d.self += s.self;
            long[][] hits = s.lineHits();
            for (int i = 0; i < hits.length; i++) d.addLine(hits[i][0], hits[i][1]);
            InvocationNode[] kids = s.children();
            if (sp + kids.length > src.length) {
                int cap = src.length * 2;
                while (cap < sp + kids.length) cap *= 2;
                InvocationNode[] a = new InvocationNode[cap];
                System.arraycopy(src, 0, a, 0, sp);
                src = a;
                dst = grow(dst, cap);
            }
            for (int i = 0; i < kids.length; i++) {
                InvocationNode k = kids[i];
                src[sp] = k;
                dst[sp++] = d.child(keyOf(k.mid), k.callLine);
            }
        }
        return root;
    }

    /**
     * A growable UTF-8 JSON buffer with correct string escaping. A string's chars are copied
     * out with one {@code getChars} call, not read by {@code charAt} one by one: in scope all
     * every String call from the (uninstrumented) runtime enters the JDK method's wrapper.
     */
    static final class Json {
        private byte[] buf = new byte[8192];
        private int len;
        private char[] chars = new char[256];

        /**
         * The chars of {@code s} in {@link #chars} (from index 0); returns its length. Callers
         * must not call it again while they read the chars (str writes escapes with put).
         */
        private int load(String s) {
            int n = s.length();
            if (chars.length < n) chars = new char[n > 2 * chars.length ? n : 2 * chars.length];
            s.getChars(0, n, chars, 0);
            return n;
        }

        private void ensure(int extra) {
            if (len + extra <= buf.length) return;
            int n = buf.length * 2;
            while (n < len + extra) n *= 2;
            byte[] b = new byte[n];
            System.arraycopy(buf, 0, b, 0, len);
            buf = b;
        }

        private void put(int b) {
            ensure(1);
            buf[len++] = (byte) b;
        }

        /** ASCII text written as is. */
        Json raw(String s) {
            int n = load(s);
            ensure(n);
            char[] c = chars;
            for (int i = 0; i < n; i++) buf[len++] = (byte) c[i];
            return this;
        }

        /** One ASCII char. */
        Json raw(char c) {
            put(c);
            return this;
        }

        Json num(long v) {
            if (v == Long.MIN_VALUE) return raw("-9223372036854775808");
            if (v < 0) {
                put('-');
                v = -v;
            }
            byte[] d = new byte[20];
            int n = 0;
            do {
                d[n++] = (byte) ('0' + (int) (v % 10));
                v /= 10;
            } while (v != 0);
            ensure(n);
            while (n > 0) buf[len++] = d[--n];
            return this;
        }

        Json str(String s) {
            put('"');
            int n = load(s);
            char[] cs = chars;
            for (int i = 0; i < n; i++) {
                char c = cs[i];
                if (c == '"' || c == '\\') {
                    put('\\');
                    put(c);
                } else if (c < 0x20) {
                    switch (c) {
                        case '\n': put('\\'); put('n'); break;
                        case '\r': put('\\'); put('r'); break;
                        case '\t': put('\\'); put('t'); break;
                        case '\b': put('\\'); put('b'); break;
                        case '\f': put('\\'); put('f'); break;
                        default: hex(c);
                    }
                } else if (c < 0x80) {
                    put(c);
                } else if (c < 0x800) {
                    put(0xC0 | (c >> 6));
                    put(0x80 | (c & 0x3F));
                } else if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && cs[i + 1] >= 0xDC00 && cs[i + 1] <= 0xDFFF) {
                    int cp = 0x10000 + ((c - 0xD800) << 10) + (cs[i + 1] - 0xDC00);
                    i++;
                    put(0xF0 | (cp >> 18));
                    put(0x80 | ((cp >> 12) & 0x3F));
                    put(0x80 | ((cp >> 6) & 0x3F));
                    put(0x80 | (cp & 0x3F));
                } else if (c >= 0xD800 && c <= 0xDFFF) {
                    hex(c); // a lone surrogate: not encodable in UTF-8, escaped
                } else {
                    put(0xE0 | (c >> 12));
                    put(0x80 | ((c >> 6) & 0x3F));
                    put(0x80 | (c & 0x3F));
                }
            }
            put('"');
            return this;
        }

        private void hex(int c) {
            put('\\');
            put('u');
            put(hexDigit((c >> 12) & 15));
            put(hexDigit((c >> 8) & 15));
            put(hexDigit((c >> 4) & 15));
            put(hexDigit(c & 15));
        }

        private static int hexDigit(int d) {
            return d < 10 ? '0' + d : 'a' + d - 10;
        }

        Json append(Json o) {
            ensure(o.len);
            System.arraycopy(o.buf, 0, buf, len, o.len);
            len += o.len;
            return this;
        }

        byte[] toBytes() {
            byte[] b = new byte[len];
            System.arraycopy(buf, 0, b, 0, len);
            return b;
        }
    }
}
