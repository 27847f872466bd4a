// Deep recursion: 5,000 frames (sum, mutual recursion), 2,000 levels through a user interface and a
// lambda, Ackermann, memo-free Fibonacci, and a StackOverflowError caught and survived (only
// that it happened is printed; the depth reached depends on the frame sizes).
public class Main {
    interface Visitor { long visit(int n); }

    static long sum(int n) { return n == 0 ? 0 : n + sum(n - 1); }
    static boolean isEven(int n) { return n == 0 || isOdd(n - 1); }
    static boolean isOdd(int n) { return n != 0 && isEven(n - 1); }
    static int ackermann(int m, int n) {
        if (m == 0) return n + 1;
        if (n == 0) return ackermann(m - 1, 1);
        return ackermann(m - 1, ackermann(m, n - 1));
    }
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

    static int depth;
    static void infinite() { depth++; infinite(); }

    static long viaInterface(Visitor v, int n) { return v.visit(n); }
    static Visitor countdown;

    static int hanoi(int n, char from, char to, char via, StringBuilder moves) {
        if (n == 0) return 0;
        int c = hanoi(n - 1, from, via, to, moves);
        if (moves.length() < 60) moves.append(from).append(to).append(' ');
        return c + 1 + hanoi(n - 1, via, to, from, moves);
    }

    public static void main(String[] args) {
        System.out.println("sum(5000) = " + sum(5000));
        System.out.println("isEven(5001) = " + isEven(5001) + " isOdd(4999) = " + isOdd(4999));
        countdown = n -> n == 0 ? 1 : 1 + viaInterface(countdown, n - 1);
        System.out.println("lambda recursion " + countdown.visit(2000));
        System.out.println("ackermann(2,3) = " + ackermann(2, 3) + " ackermann(3,3) = " + ackermann(3, 3));
        System.out.println("fib(22) = " + fib(22));
        StringBuilder moves = new StringBuilder();
        System.out.println("hanoi(12) moves " + hanoi(12, 'A', 'C', 'B', moves) + " first " + moves.toString().trim());
        try {
            infinite();
        } catch (StackOverflowError e) {
            System.out.println("StackOverflowError caught, deep: " + (depth > 1000));
        }
        depth = 0;
        try {
            infinite();
        } catch (StackOverflowError e) {
            System.out.println("second StackOverflowError caught, deep: " + (depth > 1000));
        }
        System.out.println("after overflow sum(100) = " + sum(100));
    }
}
