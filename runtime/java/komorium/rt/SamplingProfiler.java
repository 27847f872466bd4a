package komorium.rt;

/**
 * The profiling agent (paper 000, Figure 3), extended with source lines, per-thread state in the
 * thread context and an explicit shutdown call. Choose the implementation with
 * {@code -Dkomorium.agent=fully.qualified.ClassName} (a public class with a public no-argument
 * constructor); {@code -Dkomorium.agent=none} runs without an agent (the paper's "No Prof."
 * setting). The default is {@link DefaultAgent}.
 *
 * <p>Calls into the agent happen with the thread context "suspended": the calling thread takes
 * no samples and wrappers entered by JDK code the agent calls use a scratch reified stack, so an
 * agent may call any Java code, instrumented or not, without recursion into itself. Calls for
 * one thread are serialised with {@link #shutdown} by the runtime (it holds the thread
 * context's monitor), so per-thread data needs no further locking.
 */
public interface SamplingProfiler {

    /**
     * Registers a new thread (its context {@code tc}, thread {@code tc.thread}). The agent may
     * keep per-thread data in {@code tc.agentData}. Returns the first sampling granularity: the
     * approximate number of bytecodes the thread executes before its first sample (at least 1).
     */
    int register(TC tc);

    /**
     * Processes a sample of the calling thread's reified stack: {@code stack[0]} is the bottom
     * frame and {@code stack[sp - 1]} the frame that executes ({@code sp >= 1} normally; 0 only
     * if generated code sampled with an empty stack). {@code tc.callLine(i)} is the source line in
     * frame {@code i - 1} that called frame {@code i} (0 = unknown); {@code line} is the current
     * line of the top frame (0 = unknown). {@code bytecodes} is the exact number of bytecodes
     * counted since the previous sample of this thread (or since registration). The agent may
     * overwrite entries {@code stack[0..sp)} with its own MID objects (paper Section 6.2); the
     * program only ever writes to the stack. Returns the next granularity (at least 1).
     */
    int processSample(TC tc, MID[] stack, int sp, int line, long bytecodes);

    /**
     * Called once, from the shutdown hook, after sampling has stopped for good.
     * {@code contexts} lists every registered thread context in registration order; for each,
     * {@code tc.pendingBytecodes()} is what the thread counted after its last sample.
     */
    void shutdown(TC[] contexts);
}
