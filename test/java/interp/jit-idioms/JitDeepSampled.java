/**
 * Samples and exceptions inside a chain of inlined instrumented callees
 * (test/unit/interp-jit-idioms.test.ts): `main`'s loop inlines `Chain.a`, which inlines `b`, `c`
 * and `d` (four extended callees deep, each pushing its frame on the reified stack). Samples
 * taken in `d` must show the whole context `main > a > b > c > d` with each call-site line, and
 * a NullPointerException thrown by `d` (an implicit exception in compiled code) must leave the
 * reified stack and the counter as the callees' handlers left them, so that the profile is
 * the same as with the JIT off.
 */
public class JitDeepSampled {
    static final class Holder {
        int val;

        Holder(int v) {
            val = v;
        }
    }

    static final class Chain {
        private int n;

        int a(Holder h, int x) {
            return b(h, x + 1) + 1;
        }

        int b(Holder h, int x) {
            return c(h, x ^ n) * 3;
        }

        int c(Holder h, int x) {
            return d(h, x) - x;
        }

        int d(Holder h, int x) {
            n++;
            return h.val + x;
        }
    }

    public static void main(String[] args) {
        Chain ch = new Chain();
        Holder one = new Holder(7);
        long h = 0;
        int caught = 0;
        for (int i = 0; i < 600_000; i++) {
            try {
                h += ch.a(i % 4099 == 4098 ? null : one, i);
            } catch (NullPointerException e) {
                caught++;
                h = h * 31 + caught; // not the stack trace: HotSpot omits it after many implicit NPEs
            }
        }
        System.out.println("hash " + h + " caught " + caught);
    }
}
