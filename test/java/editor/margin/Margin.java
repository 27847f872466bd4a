package margin;

public class Margin {
    static int sq(int x) {
        return x * x;
    }

    public static void main(String[] args) {
        int s = 0;
        for (int i = 0; i < 10; i++) {
            s += sq(i);
        }
        System.out.println(s);
    }
}
