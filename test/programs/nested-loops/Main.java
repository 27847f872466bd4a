// Nested loops: matrix multiplication, sieve of Eratosthenes, triangle patterns,
// Floyd-Warshall on a small graph, bubble sort, a game-of-life generation, loop-carried
// long/double accumulators. CPU-light but with many back edges.
public class Main {
    public static void main(String[] args) {
        int n = 12;
        long[][] a = new long[n][n], b = new long[n][n], c = new long[n][n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { a[i][j] = i + j; b[i][j] = i == j ? 2 : (i * j) % 3; }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                long s = 0;
                for (int k = 0; k < n; k++) s += a[i][k] * b[k][j];
                c[i][j] = s;
            }
        long trace = 0;
        for (int i = 0; i < n; i++) trace += c[i][i];
        System.out.println("trace " + trace + " corner " + c[n - 1][n - 1]);

        boolean[] composite = new boolean[2000];
        int primes = 0;
        for (int i = 2; i < composite.length; i++) {
            if (composite[i]) continue;
            primes++;
            for (int j = i * i; j < composite.length; j += i) composite[j] = true;
        }
        System.out.println("primes below 2000: " + primes);

        for (int row = 1; row <= 5; row++) {
            StringBuilder sb = new StringBuilder();
            for (int sp = 0; sp < 5 - row; sp++) sb.append(' ');
            for (int k = 1; k <= row; k++) sb.append(k);
            for (int k = row - 1; k >= 1; k--) sb.append(k);
            System.out.println(sb);
        }

        final int INF = 1_000_000;
        int v = 6;
        int[][] dist = new int[v][v];
        for (int i = 0; i < v; i++) for (int j = 0; j < v; j++) dist[i][j] = i == j ? 0 : INF;
        int[][] edges = {{0, 1, 7}, {0, 2, 9}, {0, 5, 14}, {1, 2, 10}, {1, 3, 15}, {2, 3, 11}, {2, 5, 2}, {3, 4, 6}, {4, 5, 9}};
        for (int[] e : edges) { dist[e[0]][e[1]] = e[2]; dist[e[1]][e[0]] = e[2]; }
        for (int k = 0; k < v; k++) for (int i = 0; i < v; i++) for (int j = 0; j < v; j++)
            if (dist[i][k] + dist[k][j] < dist[i][j]) dist[i][j] = dist[i][k] + dist[k][j];
        System.out.println("shortest 0->4: " + dist[0][4] + " row0 " + java.util.Arrays.toString(dist[0]));

        int[] arr = new int[60];
        for (int i = 0; i < arr.length; i++) arr[i] = (i * 37 + 11) % 61;
        int swaps = 0;
        for (int i = 0; i < arr.length; i++)
            for (int j = 0; j < arr.length - 1 - i; j++)
                if (arr[j] > arr[j + 1]) { int t = arr[j]; arr[j] = arr[j + 1]; arr[j + 1] = t; swaps++; }
        System.out.println("bubble swaps " + swaps + " first " + arr[0] + " last " + arr[arr.length - 1]);

        boolean[][] grid = new boolean[10][10];
        int[][] glider = {{0, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}};
        for (int[] g : glider) grid[g[0]][g[1]] = true;
        for (int gen = 0; gen < 8; gen++) {
            boolean[][] next = new boolean[10][10];
            for (int i = 0; i < 10; i++)
                for (int j = 0; j < 10; j++) {
                    int nb = 0;
                    for (int di = -1; di <= 1; di++)
                        for (int dj = -1; dj <= 1; dj++)
                            if ((di != 0 || dj != 0) && grid[(i + di + 10) % 10][(j + dj + 10) % 10]) nb++;
                    next[i][j] = grid[i][j] ? nb == 2 || nb == 3 : nb == 3;
                }
            grid = next;
        }
        for (boolean[] row : grid) {
            StringBuilder sb = new StringBuilder();
            for (boolean cell : row) sb.append(cell ? '#' : '.');
            System.out.println(sb);
        }
        double pi = 0;
        for (int i = 0; i < 10_000; i++) pi += (i % 2 == 0 ? 4.0 : -4.0) / (2 * i + 1);
        System.out.println("pi ~ " + pi);
    }
}
