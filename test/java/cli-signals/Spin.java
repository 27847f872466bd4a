// Runs forever (until a signal): does some work first so that the profile has samples, then
// says so on stdout and keeps working.
public class Spin {
    static long work(long x) {
        for (int i = 0; i < 1000; i++) x = x * 31 + i;
        return x;
    }

    public static void main(String[] args) {
        long x = 0;
        for (int i = 0; i < 200; i++) x = work(x);
        System.out.println("started");
        System.out.flush();
        for (;;) {
            x = work(x);
            if (x == 42) System.out.println(x);
        }
    }
}
