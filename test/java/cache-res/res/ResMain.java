package res;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

public class ResMain {
    static int work(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += i % 11;
        return s;
    }

    public static void main(String[] args) throws Exception {
        for (String name : new String[] {"/res/first.txt", "/res/only-jar.txt", "/res/none.txt"}) {
            try (InputStream in = ResMain.class.getResourceAsStream(name)) {
                System.out.println(name + ": " + (in == null ? "missing" : new String(in.readAllBytes(), StandardCharsets.UTF_8).trim()));
            }
        }
        System.out.println(work(200000));
    }
}
