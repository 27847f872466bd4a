import komorium.rt.DefaultAgent;
import komorium.rt.MID;
import komorium.rt.SamplingProfiler;
import komorium.rt.TC;

// The default agent, failing at its fifth sample: the profile must still be written with the
// four samples taken before, and the failure named.
public class FailingAgent implements SamplingProfiler {
    private final DefaultAgent inner = new DefaultAgent();
    private int samples;

    public int register(TC tc) {
        return inner.register(tc);
    }

    public int processSample(TC tc, MID[] stack, int sp, int line, long bytecodes) {
        if (++samples == 5) throw new IllegalStateException("agent bug at sample 5");
        return inner.processSample(tc, stack, sp, line, bytecodes);
    }

    public void shutdown(TC[] contexts) {
        inner.shutdown(contexts);
    }
}
