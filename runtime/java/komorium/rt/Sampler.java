package komorium.rt;

/**
 * Taking a sample and registering a context: the slow paths behind {@link TC}'s sampling
 * triggers (paper 000, Figure 2), which generated code calls; here the agent runs, with the
 * context suspended (no sample, scratch stacks), under the context's lock.
 */
final class Sampler {
    private Sampler() {}

    static void sample(TC tc, MID[] stack, int sp, int line) {
        int counter = tc.instrCounter;
        long consumed = (long) tc.gran - (long) counter;
        SamplingProfiler p = Contexts.agent;
        if (p == null || tc.ordinal < 0 || Contexts.state != Contexts.RUNNING) {
            tc.instrCounter = tc.gran = Integer.MAX_VALUE;
            return;
        }
        tc.suspended = true;
        tc.instrCounter = Integer.MAX_VALUE;
        int g = Integer.MAX_VALUE;
        boolean noRoom = false;
        try {
            while (tc.snapshotWaiting) Thread.yield(); // native; see TC.snapshotWaiting
            synchronized (tc) {
                if (Contexts.state == Contexts.RUNNING) {
                    if (line < 0) line = pathLine(stack, sp, line, counter);
                    g = p.processSample(tc, stack, sp, line, consumed);
                }
            }
        } catch (StackOverflowError e) {
            // Too little stack left for the agent here (a program recursing until it catches a
            // StackOverflowError): not the agent's failure. This check takes no sample; the
            // interval goes on, so its bytecodes are in the next sample, taken at the next
            // check with room. (The default agent records a sample only after its last call
            // that can run out of stack, see DefaultAgent.processSample.)
            noRoom = true;
        } catch (Throwable e) {
            Contexts.agentFailed(p, e);
            g = Integer.MAX_VALUE;
        } finally {
            // Inline, not resume(): a call here could itself overflow the stack and leave the
            // context suspended, and so never sampling again.
            tc.suspended = false;
            if (tc.suspDepth != 0) ScratchSegment.leave(tc);
        }
        if (noRoom) {
            tc.instrCounter = counter < 0 ? counter : 0;
            return;
        }
        tc.instrCounter = tc.gran = g < 1 ? 1 : g;
    }

    /**
     * The top frame's line for a check that passed a path key ({@code line = -1 - key}, see
     * docs/TRANSFORM.md, "Sample lines"): the line of the bytecode at which the count reached
     * the threshold, {@code -counter} bytecodes back along the path. The top frame's MID is
     * the method's {@link MIDImpl} (the push and {@code sampleNextLeaf} store it; the runtime
     * resolves the line before the agent sees the stack).
     */
    private static int pathLine(MID[] stack, int sp, int line, int counter) {
        if (sp < 1 || sp > stack.length) return 0;
        MID m = stack[sp - 1];
        if (!(m instanceof MIDImpl)) return 0;
        return ((MIDImpl) m).lineAt(-1 - line, counter <= 0 ? -counter : 0);
    }

    /** Called once when the context is created (outside the registry lock). */
    static void register(TC tc, SamplingProfiler p) {
        tc.suspended = true;
        int g = Integer.MAX_VALUE;
        try {
            synchronized (tc) {
                if (Contexts.state == Contexts.RUNNING) g = p.register(tc);
            }
        } catch (Throwable e) {
            Contexts.agentFailed(p, e);
            g = Integer.MAX_VALUE;
        } finally {
            tc.resume();
        }
        tc.instrCounter = tc.gran = g < 1 ? 1 : g;
    }
}
