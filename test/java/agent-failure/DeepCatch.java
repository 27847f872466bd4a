// Recurses until a StackOverflowError, catches it, then works on: the agent's sampling path runs
// out of stack at the deepest frames, which must cost those samples only, never the profile.
public class DeepCatch {
    static int depth;

    static void down(int n) {
        depth = n;
        down(n + 1);
    }

    static long work(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += (i * 31L) % 7;
        return s;
    }

    public static void main(String[] args) {
        try {
            down(0);
        } catch (StackOverflowError e) {
            System.out.println("overflowed: " + (depth > 1000));
        }
        System.out.println(work(20000));
    }
}
