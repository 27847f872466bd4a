package demo;

import java.io.BufferedReader;
import java.io.InputStreamReader;

/** Test program for the engine-run interface: deterministic work, stdin, exit codes, loops. */
public class Busy {
    static long sq(long x) {
        return x * x;
    }

    static long work(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += sq(i) % 7;
        return s;
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "normal";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        if (mode.equals("echo")) {
            BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
            System.out.println("got " + r.readLine());
        }
        if (mode.equals("forever")) {
            long s = 0;
            while (s >= 0) s += work(1000);
            System.out.println(s);
        }
        long s = 0;
        for (int k = 0; k < rounds; k++) s += work(100000);
        System.out.println("sum " + s);
        if (mode.equals("exit")) System.exit(3);
        if (mode.equals("throw")) throw new IllegalStateException("boom");
    }
}
