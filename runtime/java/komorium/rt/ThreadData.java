package komorium.rt;

/**
 * The default agent's per-thread state: the thread's calling context tree, its exact bytecode
 * total, its sample count and its own random generator (SplitMix64), seeded from the
 * configured seed, the thread's name and its rank among threads of that name, so that
 * profiles are reproducible (paper 000, Sections 7.1 and 8).
 */
final class ThreadData {
    final String name;
    /** Rank among registered threads with the same name (0 for the first). */
    final int seq;
    /**
     * The thread had no name when it was registered (HotSpot's DestroyJavaVM thread registers in
     * its own constructor, before its name is set): the writer asks the thread again.
     */
    boolean unnamed;
    final InvocationNode root;
    long samples;
    long bytecodes;
    private long rngState;
    private final int granularity;
    private final int random;

    ThreadData(String name, int seq, long seed, int granularity, int random) {
        this.name = name;
        this.seq = seq;
        this.root = new InvocationNode(MIDImpl.UNKNOWN, 0, null, this);
        this.granularity = granularity;
        this.random = random;
        this.rngState = mix(seed) ^ mix(((long) hashOf(name) << 20) + seq * 0x632BE59BD9B4E019L + 0x2545F4914F6CDD1DL);
    }

    private static int hashOf(String s) {
        int h = 0;
        for (int i = 0; i < s.length(); i++) h = 31 * h + s.charAt(i);
        return h;
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private long next() {
        rngState += 0x9E3779B97F4A7C15L;
        return mix(rngState);
    }

    /** N + r, r uniform in [0, R). */
    int nextGranularity() {
        long g = granularity;
        if (random > 0) g += (next() >>> 1) % random;
        return g > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) g;
    }

    /** The segment ({@code tc.lines}) the path cache below belongs to. */
    private int[] cacheLines;
    /** The path cache: the node of each depth of the last sampled path in that segment. */
    private InvocationNode[] cacheNodes = new InvocationNode[64];

    /**
     * The tree node for the reified stack {@code stack[0..sp)}: the path cache of paper 000
     * Section 6.2 (Figure 9), kept beside the stack instead of in it. Each sample marks the
     * call-line entries of the frames it walked ({@link TC#LINE_MARK}); the frames up to the
     * last still-marked entry are the ones of the previous sample in this segment, so only
     * the frames above it are looked up. The stack itself is never written, so the
     * conditional push of generated code keeps skipping its store after a sample. The result
     * is the same node as a walk from the root.
     */
    InvocationNode path(TC tc, MID[] stack, int sp) {
        if (sp <= 0) return root;
        if (sp > stack.length) sp = stack.length;
        int[] ln = tc.lines;
        if (sp > ln.length) sp = ln.length;
        int top = sp - 1;
        InvocationNode[] nodes = cacheNodes;
        if (nodes.length < sp) {
            InvocationNode[] a = new InvocationNode[sp + (sp >> 1) + 16];
            System.arraycopy(nodes, 0, a, 0, nodes.length);
            cacheNodes = nodes = a;
        }
        int j = -1;
        InvocationNode n = root;
        if (cacheLines == ln) {
            // The marked entries of [0, top] are a prefix (a new frame at depth d clears the
            // mark at d, and every frame above it is newer and cleared its own), so the last
            // one is found by bisection. Any marked entry would do (see AgentView).
            if (!AgentView.isMarked(ln[0])) j = -1;
            else if (AgentView.isMarked(ln[top])) j = top;
            else {
                int lo = 0, hi = top;
                while (hi - lo > 1) {
                    int mid = (lo + hi) >>> 1;
                    if (AgentView.isMarked(ln[mid])) lo = mid;
                    else hi = mid;
                }
                j = lo;
            }
            if (j >= 0) {
                InvocationNode c = nodes[j];
                if (c != null) n = c;
                else j = -1;
            }
        } else {
            cacheLines = ln;
        }
        for (int k = j + 1; k <= top; k++) {
            MIDImpl m = methodOf(stack[k]);
            int v = ln[k];
            int line = AgentView.lineOf(v);
            InvocationNode c = nodes[k];
            if (c == null || c.parent != n || c.mid != m || c.callLine != line) {
                c = n.child(m, line);
                nodes[k] = c;
            }
            n = c;
            ln[k] = AgentView.markLine(v);
        }
        return n;
    }

    private static MIDImpl methodOf(MID m) {
        if (m instanceof MIDImpl) return (MIDImpl) m;
        if (m instanceof InvocationNode) return ((InvocationNode) m).mid;
        return MIDImpl.UNKNOWN;
    }
}
