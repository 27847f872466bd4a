/**
 * Forward conditional branches compiled as `if (!cond) { skipped code }` in the compiled
 * method (jit/codegen.ts IF_REGIONS; test/unit/interp-jit-idioms.test.ts): the transformer's
 * checks over their sampling calls, the reified stack's push over `tc.grow` and the slot's
 * store, and the program's own ifs. Samples are taken inside such regions, exceptions are
 * thrown from them, and a loop's compiled copy falls out of its range into one (the shape of
 * `HashMap.HashIterator.nextNode`: a test in the loop jumps past the code the transformer puts
 * after the loop's back edge). Regions nest: `nested` (Ackermann's shape) has the program's own
 * ifs over the counter checks the transformer puts in their bodies.
 */
public class JitRegions {
    /** nextNode's shape: the loop's copy falls out at the counter code after its back edge. */
    static int next(int[] t, int[] pos) {
        int v = t[pos[0] & 7];
        int index = pos[0];
        if ((v & 1) == 0 && t != null) {
            do {} while (index < t.length && (v = t[index++]) == 0);
        }
        pos[0] = index;
        return v;
    }

    /** A region that throws: `a[i]` out of bounds inside the if's skipped code. */
    static int guarded(int[] a, int i, int k) {
        int s = 0;
        for (int j = 0; j < k; j++) s += j;
        if (i >= 0) {
            s += a[i] * 2;
            s ^= i;
        } else {
            s -= 1;
        }
        return s;
    }

    /** Nested ifs and a ternary: regions whose skipped code falls into the target. */
    static int classify(int x, int k) {
        int r = 0;
        for (int j = 0; j < k; j++) r += x;
        if (x > 100) {
            r += 3;
            if (x > 1000) r += 5;
        }
        r += x % 3 == 0 ? 7 : 11;
        if (x < 0) r = -r;
        return r;
    }

    /**
     * Nested regions: `if (m == 0)` skips code holding the counter check's own region (and its
     * sampling call) and the inner `if (n < 0)`, whose array access throws for n <= -64.
     */
    static int nested(int[] a, int m, int n) {
        if (m == 0) {
            if (n < 0) {
                return a[-n] + 1;
            }
            return n + 1;
        }
        if (n == 0) return nested(a, m - 1, 1);
        return nested(a, m - 1, nested(a, m, n - 1));
    }

    public static void main(String[] args) {
        int[] t = new int[64];
        for (int i = 0; i < t.length; i += 5) t[i] = i + 1;
        int[] pos = new int[1];
        long h = 0;
        int caught = 0;
        for (int i = 0; i < 400_000; i++) {
            pos[0] = i % 70;
            h = h * 31 + next(t, pos) + pos[0];
            try {
                h += guarded(t, (i % 67) - 1, i & 3);
            } catch (ArrayIndexOutOfBoundsException e) {
                caught++;
            }
            h ^= classify((i % 2003) - 50, i & 1);
            if ((i & 63) == 0) h += nested(t, 2, i % 40);
            try {
                h += nested(t, 0, -(i % 70));
            } catch (ArrayIndexOutOfBoundsException e) {
                caught += 2;
            }
        }
        System.out.println("hash " + h + " caught " + caught);
        // With --clock virtual, nanoTime is the bytecodes the engine ran (the test compares them
        // with the JIT off and without the regions).
        if (args.length > 0 && args[0].equals("clock")) System.out.println("clock " + System.nanoTime());
    }
}
