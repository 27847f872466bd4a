package plug;
public class Plugin implements java.util.function.Supplier<String> {
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
    public String get() { return "fib=" + fib(20) + " loader=" + getClass().getClassLoader().getClass().getSimpleName() + " helper=" + Helper.twice(21); }
}
