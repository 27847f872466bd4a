// Runtime.halt ends the JVM at once with the given code: shutdown hooks do not run and
// buffered output of the program is lost unless flushed first (System.out is flushed by
// println). The hook's message must not appear.
public class Main {
    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("hook must not run")));
        long sum = 0;
        for (int i = 1; i <= 1000; i++) sum += (long) i * i;
        System.out.println("sum of squares " + sum);
        System.err.println("halting");
        Runtime.getRuntime().halt((int) (sum % 7) + 20);
        System.out.println("never");
    }
}
