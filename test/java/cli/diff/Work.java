package diffdemo;

// Test program for komorium diff (test/unit/profile-diff.test.ts): the test makes a second
// version that does more work on the line marked EXTRA.
public class Work {
    static int fill(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = (i * 31) ^ (i >>> 3);
        int s = 0;
        for (int v : a) s += v & 15;
        return s;
    }

    static int extra(int n) {
        int extra = 0; // EXTRA
        for (int i = 0; i < n; i++) extra += i & 3;
        return extra;
    }

    public static void main(String[] args) {
        int s = 0;
        for (int r = 0; r < 20; r++) s += fill(10000) + extra(2000);
        System.out.println(s);
    }
}
