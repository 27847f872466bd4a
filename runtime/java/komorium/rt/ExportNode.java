package komorium.rt;

/**
 * A node of the profile writer's export tree ({@link ProfileWriter}): one per method key and
 * call line under its parent, with per-line sample counts. Children and lines are tables of
 * its own, sorted by its own code: the writer runs uninstrumented while the JDK may be
 * instrumented (scope all), where each JDK collection call would enter the JDK method's
 * wrapper (a few hundred bytecodes on the embedded JVM, per node and line).
 */
final class ExportNode {
    final int key;
    final int line;
    long self;

    /** Children in creation order, {@link #nKids} of them. */
    ExportNode[] kids = NONE;
    int nKids;
    /** Open addressing over the children by (key, line); null until the first child. */
    private ExportNode[] index;

    /** Per-line counts: open addressing, {@link #lineUsed} marks a slot. */
    private int[] lineKeys;
    private long[] lineCounts;
    private boolean[] lineUsed;
    int nLines;

    private static final ExportNode[] NONE = new ExportNode[0];

    ExportNode(int key, int line) {
        this.key = key;
        this.line = line;
    }

    private static int hash(int a, int b) {
        int h = a * 0x9E3779B1 + b * 0x85EBCA6B;
        return h ^ (h >>> 15);
    }

    /** The child for key {@code k} called at line {@code l}, created on first use. */
    ExportNode child(int k, int l) {
        ExportNode[] ix = index;
        if (ix == null) ix = index = new ExportNode[8];
        int mask = ix.length - 1;
        int i = hash(k, l) & mask;
        while (true) {
            ExportNode n = ix[i];
            if (n == null) break;
            if (n.key == k && n.line == l) return n;
            i = (i + 1) & mask;
        }
        ExportNode n = new ExportNode(k, l);
        ix[i] = n;
        if (nKids == kids.length) {
            ExportNode[] a = new ExportNode[nKids < 4 ? 4 : nKids * 2];
            System.arraycopy(kids, 0, a, 0, nKids);
            kids = a;
        }
        kids[nKids++] = n;
        if (nKids * 2 > ix.length) {
            ExportNode[] nx = new ExportNode[ix.length * 2];
            int nm = nx.length - 1;
            for (int j = 0; j < nKids; j++) {
                ExportNode c = kids[j];
                int p = hash(c.key, c.line) & nm;
                while (nx[p] != null) p = (p + 1) & nm;
                nx[p] = c;
            }
            index = nx;
        }
        return n;
    }

    /** Adds {@code count} samples at {@code line} (as an int, as the Integer key it replaces). */
    void addLine(long line, long count) {
        int key = (int) line;
        if (lineKeys == null) {
            lineKeys = new int[4];
            lineCounts = new long[4];
            lineUsed = new boolean[4];
        }
        int mask = lineKeys.length - 1;
        int i = hash(key, 0) & mask;
        while (lineUsed[i]) {
            if (lineKeys[i] == key) {
                lineCounts[i] += count;
                return;
            }
            i = (i + 1) & mask;
        }
        lineUsed[i] = true;
        lineKeys[i] = key;
        lineCounts[i] = count;
        nLines++;
        if (nLines * 2 > lineKeys.length) {
            int n = lineKeys.length * 2;
            int[] nk = new int[n];
            long[] nc = new long[n];
            boolean[] nu = new boolean[n];
            int nm = n - 1;
            for (int j = 0; j < lineKeys.length; j++) {
                if (!lineUsed[j]) continue;
                int p = hash(lineKeys[j], 0) & nm;
                while (nu[p]) p = (p + 1) & nm;
                nu[p] = true;
                nk[p] = lineKeys[j];
                nc[p] = lineCounts[j];
            }
            lineKeys = nk;
            lineCounts = nc;
            lineUsed = nu;
        }
    }

    /** The lines with samples, ascending, and their counts: {line, count, line, count, ...}. */
    long[] sortedLines() {
        long[] out = new long[2 * nLines];
        if (nLines == 0) return out;
        int[] ls = new int[nLines];
        int n = 0;
        for (int j = 0; j < lineKeys.length; j++) if (lineUsed[j]) ls[n++] = lineKeys[j];
        // Insertion sort: a node has a handful of lines.
        for (int a = 1; a < n; a++) {
            int v = ls[a];
            int b = a - 1;
            while (b >= 0 && ls[b] > v) {
                ls[b + 1] = ls[b];
                b--;
            }
            ls[b + 1] = v;
        }
        for (int a = 0; a < n; a++) {
            out[2 * a] = ls[a];
            out[2 * a + 1] = countAt(ls[a]);
        }
        return out;
    }

    private long countAt(int key) {
        int mask = lineKeys.length - 1;
        int i = hash(key, 0) & mask;
        while (lineKeys[i] != key || !lineUsed[i]) i = (i + 1) & mask;
        return lineCounts[i];
    }

    /** Adds this node's lines into {@code d}. */
    void addLinesTo(ExportNode d) {
        if (lineKeys == null) return;
        for (int j = 0; j < lineKeys.length; j++) if (lineUsed[j]) d.addLine(lineKeys[j], lineCounts[j]);
    }

    /**
     * Sorts the children by the rank of their method key (the keys' string order), then by call
     * line. Children have distinct (key, line) pairs, so the order is total: any sort gives the
     * order a comparator sort gives.
     */
    void sortKids(int[] rank) {
        int n = nKids;
        if (n < 2) return;
        ExportNode[] a = kids;
        ExportNode[] tmp = new ExportNode[n];
        // Bottom-up merge sort.
        for (int w = 1; w < n; w *= 2) {
            for (int lo = 0; lo < n - w; lo += 2 * w) {
                int mid = lo + w;
                int hi = mid + w < n ? mid + w : n;
                int i = lo, j = mid, k = lo;
                while (i < mid && j < hi) tmp[k++] = before(a[j], a[i], rank) ? a[j++] : a[i++];
                while (i < mid) tmp[k++] = a[i++];
                while (j < hi) tmp[k++] = a[j++];
                System.arraycopy(tmp, lo, a, lo, hi - lo);
            }
        }
    }

    private static boolean before(ExportNode x, ExportNode y, int[] rank) {
        int rx = rank[x.key], ry = rank[y.key];
        if (rx != ry) return rx < ry;
        return x.line < y.line;
    }
}
