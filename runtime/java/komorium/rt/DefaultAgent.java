package komorium.rt;

import java.util.HashMap;

/**
 * The default sampling agent (paper 000, Figures 7 and 9): a calling context tree per thread
 * (no lock shared between threads), the path cache in the reified stack (Section 6.2), a
 * randomized granularity N + r with a per-thread generator (Section 7.1), exact bytecode
 * totals, and at shutdown the profile JSON written atomically (docs/PROFILE_FORMAT.md).
 */
public final class DefaultAgent implements SamplingProfiler {
    private final int granularity;
    private final int random;
    private final long seed;
    private final HashMap<String, int[]> namesSeen = new HashMap<String, int[]>();

    public DefaultAgent() {
        this.granularity = Config.granularity;
        this.random = Config.random;
        this.seed = Config.seed;
    }

    public int register(TC tc) {
        String name;
        try {
            name = tc.thread.getName();
        } catch (Throwable e) {
            name = null;
        }
        boolean unnamed = name == null;
        if (unnamed) name = "thread";
        int seq;
        synchronized (namesSeen) {
            int[] c = namesSeen.get(name);
            if (c == null) namesSeen.put(name, c = new int[1]);
            seq = c[0]++;
        }
        ThreadData d = new ThreadData(name, seq, seed, granularity, random);
        d.unnamed = unnamed;
        tc.agentData = d;
        return d.nextGranularity();
    }

    public int processSample(TC tc, MID[] stack, int sp, int line, long bytecodes) {
        Object o = tc.agentData;
        if (!(o instanceof ThreadData)) return granularity;
        ThreadData d = (ThreadData) o;
        // The calls that can run out of stack come first, and the sample is recorded after
        // them: a StackOverflowError thrown here (the runtime then retries at the next check)
        // leaves nothing half counted. hit() makes no call once entered.
        InvocationNode n = d.path(tc, stack, sp);
        int g = d.nextGranularity();
        n.hit(line);
        d.bytecodes += bytecodes;
        d.samples++;
        return g;
    }

    public void shutdown(TC[] contexts) {
        ProfileWriter.write(contexts, getClass().getName());
    }
}
