// Labelled break and continue across nested loops, do/while, breaking out of a labelled block,
// loops with complex conditions, and a small search with early exits.
public class Main {
    public static void main(String[] args) {
        int[][] grid = new int[8][8];
        for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) grid[i][j] = (i * 31 + j * 17) % 23;

        int foundI = -1, foundJ = -1;
        search:
        for (int i = 0; i < grid.length; i++) {
            for (int j = 0; j < grid[i].length; j++) {
                if (grid[i][j] == 20) { foundI = i; foundJ = j; break search; }
            }
        }
        System.out.println("found 20 at " + foundI + "," + foundJ);

        StringBuilder primes = new StringBuilder();
        outer:
        for (int n = 2; n < 60; n++) {
            for (int d = 2; d * d <= n; d++) if (n % d == 0) continue outer;
            primes.append(n).append(' ');
        }
        System.out.println("primes " + primes.toString().trim());

        int count = 0;
        rows:
        for (int i = 0; i < 8; i++) {
            int j = 0;
            while (true) {
                if (j >= 8) continue rows;
                if (grid[i][j] > 18) { count += 100; continue rows; }
                if (grid[i][j] == 0 && i > 4) break rows;
                count++;
                j++;
            }
        }
        System.out.println("count " + count);

        block:
        {
            for (int k = 0; k < 5; k++) {
                if (k == 3) break block;
                System.out.println("in block " + k);
            }
            System.out.println("never printed");
        }

        int x = 0;
        loop:
        do {
            x++;
            switch (x % 4) {
                case 0: continue loop;
                case 3: if (x > 10) break loop; break;
                default: break;
            }
            System.out.print(x + " ");
        } while (x < 100);
        System.out.println("| x=" + x);

        long steps = 0;
        for (int a = 1, b = 100; a < b; a += 3, b -= 2) {
            inner:
            for (int c = 0; ; c++) {
                steps++;
                if (c * c > a) break inner;
                if ((a + c) % 7 == 0) break;
            }
        }
        System.out.println("steps " + steps);
    }
}
