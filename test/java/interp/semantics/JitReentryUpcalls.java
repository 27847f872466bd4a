// JitReentry with reflection kept on the native accessors (-Dsun.reflect.inflationThreshold
// set high by the test): every Constructor.newInstance and Method.invoke is a native calling
// back into Java.
public class JitReentryUpcalls {
    public static void main(String[] args) throws Throwable {
        JitReentry.main(args);
    }
}
