// Loop shapes whose bodies carry the work (test/unit/transform-lines.test.ts): a sampled
// profile must put the share of each line marked `// body` within 2 points of the exact
// profile's (the lambda's line holds its body's work).
import java.util.function.IntUnaryOperator;

public class LoopLines {
    static long nested(int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                sum += (i * 31L + j) % 7; // body
            }
        }
        return sum;
    }

    static long whileLoop(int n) {
        long x = 1;
        int k = 0;
        while (k < n) {
            x = x * 6364136223846793005L + 1442695040888963407L; // body
            k++; // body
        }
        return x;
    }

    static int withIf(int[] a) {
        int even = 0;
        for (int i = 0; i < a.length; i++) {
            if ((a[i] & 1) == 0) { // body
                even += a[i] >> 1; // body
            } else {
                even -= a[i] % 3; // body
            }
        }
        return even;
    }

    static int withSwitch(int n) {
        int acc = 0;
        for (int i = 0; i < n; i++) {
            switch (i % 4) { // body
                case 0: acc += i; break; // body
                case 1: acc ^= i << 1; break; // body
                case 2: acc -= i >> 2; break; // body
                default: acc = acc * 3 + 1; // body
            }
        }
        return acc;
    }

    static int withLambda(int n) {
        IntUnaryOperator f = v -> (v * v + 7) % 13; // body
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += f.applyAsInt(i); // body
        }
        return s;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int[] a = new int[n * 50];
        for (int i = 0; i < a.length; i++) a[i] = i * 7 + 3;
        long r = nested(n) + whileLoop(n * 100) + withIf(a) + withSwitch(n * 100) + withLambda(n * 50);
        System.out.println(r);
    }
}
