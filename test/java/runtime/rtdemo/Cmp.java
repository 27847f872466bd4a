package rtdemo;

import java.util.Comparator;
import komorium.rt.MID;
import komorium.rt.MIDImpl;
import komorium.rt.TC;

/**
 * Hand-transformed comparator (original, file "Cmp.java"):
 * <pre>
 * 17 public int compare(Object a, Object b) {
 * 18   int w = Orig.sqSum(0, (x + y) % 50) - Orig.sqSum(0, 3);      // 9, invokes (two calls, line 18 and 19)
 * 19
 * 20   return Integer.compare(x, y);                             // 4, calls out, returns
 * </pre>
 * TimSort (uninstrumented) calls the wrapper compare(Object, Object); it must continue the
 * reified stack of sortWork's call to Arrays.sort (line 21).
 */
@SuppressWarnings("rawtypes")
final class Cmp implements Comparator {
    static final MID MID_COMPARE = MIDImpl.create("rtdemo/Cmp\0compare\0(Ljava/lang/Object;Ljava/lang/Object;)I\0Cmp.java");

    int compare(Object a, Object b, TC tc, MID[] stack, int sp) {
        if (sp >= stack.length) stack = tc.grow(stack, sp);
        stack[sp++] = MID_COMPARE;
        int x = ((Integer) a).intValue();
        int y = ((Integer) b).intValue();
        K.d(tc, 9);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 18);
        tc.lines[sp] = 18;
        int w = Orig.sqSum(0, (x + y) % 50, tc, stack, sp);
        tc.lines[sp] = 19;
        w -= Orig.sqSum(0, 3, tc, stack, sp);
        K.d(tc, 4);
        if (tc.instrCounter <= 0) tc.triggerSampling(stack, sp, 20);
        tc.callOut(stack, sp, 20);
        return w == Integer.MIN_VALUE ? 0 : Integer.compare(x, y);
    }

    public int compare(Object a, Object b) {
        TC tc = TC.getTC();
        int tok = tc.enter();
        try {
            return compare(a, b, tc, tc.entryStack, tc.entrySp);
        } finally {
            tc.exit(tok);
        }
    }
}
