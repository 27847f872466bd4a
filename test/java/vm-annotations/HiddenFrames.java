import jdk.internal.vm.annotation.ForceInline;
import jdk.internal.vm.annotation.Hidden;
import jdk.internal.vm.annotation.IntrinsicCandidate;

// Run from the boot class path (HotSpot honours these annotations in boot classes only): the
// @Hidden method's frame is left out of stack traces and stack walks, on java and transformed.
public class HiddenFrames {
    @Hidden
    @ForceInline
    static int hidden(int x) {
        return check(x) + 1;
    }

    static int check(int x) {
        if (x > 2) throw new IllegalStateException("x=" + x);
        StackWalker.getInstance().forEach(f -> System.out.println("  walk " + f.getMethodName()));
        return x;
    }

    @IntrinsicCandidate
    @Deprecated
    static int marked(int x) {
        return x * 2;
    }

    public static void main(String[] args) {
        System.out.println(marked(hidden(1)));
        try {
            hidden(5);
        } catch (IllegalStateException e) {
            for (StackTraceElement s : e.getStackTrace()) System.out.println("  at " + s.getMethodName());
        }
    }
}
