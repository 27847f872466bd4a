public class Hello {
    static int work(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += i % 7;
        return s;
    }

    public static void main(String[] args) {
        System.out.println("hello " + work(100000));
    }
}
