// The embedded engine's profile writer (natives/komorium/rt/ProfileWriter.ts) against the
// runtime's Java one: threads whose names need every kind of JSON escape and UTF-8 length
// (quotes, backslashes, control characters, non-ASCII, a surrogate pair, lone surrogates), two
// threads of the same name, methods and a class with non-ASCII names, several call lines.
public class PwNames {
    static volatile long sink;

    static long größe(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += i * 31L ^ (s >>> 3);
        return s;
    }

    static long 計算(int n) {
        long s = größe(n);
        s += größe(n / 2);
        return s + Ärger.tief(n);
    }

    static final class Ärger {
        static long tief(int n) {
            return n <= 0 ? 1 : tief(n - 1) + größe(50);
        }
    }

    static void work(int rounds) {
        for (int r = 0; r < rounds; r++) {
            sink += 計算(200);
            sink += größe(300);
        }
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        String[] names = {
            "plain", "quote\"back\\slash", "ctl\n\t\r\b\f\u0001\u001f\u007f", "é中文\uD83D\uDE00",
            "lone\uD800x", "lone\uDC00", "same", "same",
        };
        for (String name : names) {
            Thread t = new Thread(() -> work(rounds), name);
            t.start();
            t.join();
        }
        work(rounds);
        System.out.println(sink);
    }
}
