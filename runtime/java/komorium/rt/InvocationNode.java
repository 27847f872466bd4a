package komorium.rt;

/**
 * A node of the default agent's calling context tree (paper 000, Figure 8), keyed by method and
 * by the call-site line in the parent. It implements {@link MID} so that the agent can store it
 * in the reified stack as a cache of the path it already followed (paper Section 6.2).
 * Children and per-line counts are small open-addressing tables (no JDK collections: this code
 * runs at every sample).
 */
public final class InvocationNode implements MID {
    /** The method; {@link MIDImpl#UNKNOWN} for the root. */
    public final MIDImpl mid;
    /** Line in the parent's method that called this node's method (0 = unknown). */
    public final int callLine;
    public final InvocationNode parent;
    /** The per-thread tree this node belongs to (nodes of other threads are foreign). */
    final Object tree;
    /** Samples whose top frame is this context. */
    public long self;

    private InvocationNode[] kids;
    private int nKids;
    private int[] lineKeys;     // line + 1; 0 = empty slot
    private long[] lineCounts;
    private int nLines;

    InvocationNode(MIDImpl mid, int callLine, InvocationNode parent, Object tree) {
        this.mid = mid;
        this.callLine = callLine;
        this.parent = parent;
        this.tree = tree;
    }

    private static int hash(int a, int b) {
        int h = a * 0x9E3779B1 + b * 0x85EBCA6B;
        return h ^ (h >>> 15);
    }

    /** The child for {@code m} called at {@code line}, created on first use. */
    public InvocationNode child(MIDImpl m, int line) {
        InvocationNode[] k = kids;
        if (k == null) k = kids = new InvocationNode[4];
        int mask = k.length - 1;
        int i = hash(m.hashKey(), line) & mask;
        while (true) {
            InvocationNode n = k[i];
            if (n == null) break;
            if (n.mid == m && n.callLine == line) return n;
            i = (i + 1) & mask;
        }
        InvocationNode n = new InvocationNode(m, line, this, tree);
        k[i] = n;
        nKids++;
        if (nKids * 2 > k.length) {
            InvocationNode[] nk = new InvocationNode[k.length * 2];
            int nm = nk.length - 1;
            for (int j = 0; j < k.length; j++) {
                InvocationNode c = k[j];
                if (c == null) continue;
                int p = hash(c.mid.hashKey(), c.callLine) & nm;
                while (nk[p] != null) p = (p + 1) & nm;
                nk[p] = c;
            }
            kids = nk;
        }
        return n;
    }

    /** Counts one sample at {@code line} of this context. */
    public void hit(int line) {
        self++;
        int key = line + 1;
        int[] keys = lineKeys;
        if (keys == null) {
            keys = lineKeys = new int[4];
            lineCounts = new long[4];
        }
        int mask = keys.length - 1;
        int i = (key * 0x9E3779B1 >>> 7) & mask;
        while (true) {
            int k = keys[i];
            if (k == key) {
                lineCounts[i]++;
                return;
            }
            if (k == 0) break;
            i = (i + 1) & mask;
        }
        keys[i] = key;
        lineCounts[i] = 1;
        nLines++;
        if (nLines * 2 > keys.length) {
            int[] nk = new int[keys.length * 2];
            long[] nc = new long[nk.length];
            int nm = nk.length - 1;
            for (int j = 0; j < keys.length; j++) {
                int kk = keys[j];
                if (kk == 0) continue;
                int p = (kk * 0x9E3779B1 >>> 7) & nm;
                while (nk[p] != 0) p = (p + 1) & nm;
                nk[p] = kk;
                nc[p] = lineCounts[j];
            }
            lineKeys = nk;
            lineCounts = nc;
        }
    }

    /** The children (a fresh array, unordered). */
    public InvocationNode[] children() {
        InvocationNode[] r = new InvocationNode[nKids];
        if (kids == null) return r;
        int n = 0;
        for (int i = 0; i < kids.length; i++) if (kids[i] != null) r[n++] = kids[i];
        return r;
    }

    /** Per-line sample counts as pairs {line, count} (unordered). */
    public long[][] lineHits() {
        long[][] r = new long[nLines][];
        if (lineKeys == null) return r;
        int n = 0;
        for (int i = 0; i < lineKeys.length; i++) {
            if (lineKeys[i] != 0) r[n++] = new long[] {lineKeys[i] - 1, lineCounts[i]};
        }
        return r;
    }
}
