package rtdemo;

import java.io.FileOutputStream;
import komorium.rt.MID;
import komorium.rt.MIDImpl;
import komorium.rt.SamplingProfiler;
import komorium.rt.TC;

/**
 * A user-supplied agent (-Dkomorium.agent=rtdemo.CountingAgent): constant granularity 500,
 * counts samples, bytecodes and the deepest stack, and writes one line to komorium.out.
 */
public final class CountingAgent implements SamplingProfiler {
    private long samples;
    private long bytecodes;
    private int maxDepth;
    private String deepestTop = "";

    public int register(TC tc) {
        return 500;
    }

    public synchronized int processSample(TC tc, MID[] stack, int sp, int line, long n) {
        samples++;
        bytecodes += n;
        if (sp > maxDepth) {
            maxDepth = sp;
            MID top = stack[sp - 1];
            deepestTop = top instanceof MIDImpl ? ((MIDImpl) top).getMethodName() : String.valueOf(top);
        }
        return 500;
    }

    public synchronized void shutdown(TC[] contexts) {
        long pending = 0;
        for (TC tc : contexts) pending += tc.pendingBytecodes();
        String out = System.getProperty("komorium.out");
        try (FileOutputStream os = new FileOutputStream(out)) {
            os.write(("samples=" + samples + " bytecodes=" + (bytecodes + pending) + " maxDepth=" + maxDepth + " deepestTop=" + deepestTop
                + " threads=" + contexts.length + "\n").getBytes("UTF-8"));
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }
}
