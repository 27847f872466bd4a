// Exceptions that leave methods whose counter is kept in a local (docs/TRANSFORM.md): the
// bytecodes counted before the exception must still reach tc.instrCounter. `Counting normal`
// and `Counting throw` execute the same loops; `throw` lets each loop run one element past the
// array's end, so an ArrayIndexOutOfBoundsException leaves sumPast (from a block that neither
// invokes nor terminates) or is caught inside sumCaught.
public class Counting {
    static int sumPast(int[] a, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += a[i];
        return s;
    }

    static int sumCaught(int[] a, int n) {
        int s = 0;
        try {
            for (int i = 0; i < n; i++) s += a[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            s = -s;
        }
        return s;
    }

    /** Calls only methods that cannot reach user code: a leaf for the transformer. */
    static int clamp(int x) {
        return Math.max(0, Math.min(x, 99)) + Integer.valueOf(x).hashCode() % 2;
    }

    Counting(int[] a, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += a[i];
        System.out.println("ctor " + s);
    }

    public static void main(String[] args) {
        int[] a = new int[20000];
        for (int i = 0; i < a.length; i++) a[i] = i & 7;
        int extra = args.length > 0 && args[0].equals("throw") ? 1 : 0;
        int r = 0;
        for (int k = 0; k < 5; k++) {
            try {
                r += sumPast(a, a.length + extra);
            } catch (ArrayIndexOutOfBoundsException e) {
                r++;
            }
            r += sumCaught(a, a.length + extra);
            try {
                new Counting(a, a.length + extra);
            } catch (ArrayIndexOutOfBoundsException e) {
                r++;
            }
        }
        System.out.println(extra + " " + (r > 0) + " " + clamp(r));
    }
}
