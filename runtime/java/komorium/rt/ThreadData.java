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

    /**
     * The tree node for the reified stack {@code stack[0..sp)}, reusing the nodes the previous
     * samples left in the stack (paper Figure 9): the frames below the topmost node of this tree
     * have not been overwritten since, and every frame above it has been pushed anew.
     */
    InvocationNode path(TC tc, MID[] stack, int sp) {
        if (sp <= 0) return root;
        if (sp > stack.length) sp = stack.length;
        int top = sp - 1;
        MID t = stack[top];
        if (t instanceof InvocationNode && ((InvocationNode) t).tree == this) return (InvocationNode) t;
        int j = top - 1;
        InvocationNode n = root;
        while (j >= 0) {
            MID o = stack[j];
            if (o instanceof InvocationNode && ((InvocationNode) o).tree == this) {
                n = (InvocationNode) o;
                break;
            }
            j--;
        }
        for (int k = j + 1; k <= top; k++) {
            n = n.child(methodOf(stack[k]), tc.callLine(k));
            stack[k] = n;
        }
        return n;
    }

    private static MIDImpl methodOf(MID m) {
        if (m instanceof MIDImpl) return (MIDImpl) m;
        if (m instanceof InvocationNode) return ((InvocationNode) m).mid;
        return MIDImpl.UNKNOWN;
    }
}
