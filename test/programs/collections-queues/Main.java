import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.TreeSet;

// Queues and deques: ArrayDeque as stack and queue, PriorityQueue with natural order and a
// comparator (a callback from the JDK), Dijkstra with a priority queue, BFS, a sliding-window
// maximum with a monotonic deque, TreeSet as an ordered set, offer/poll/peek on empty queues.
public class Main {
    record Task(String name, int priority, int seq) {}

    public static void main(String[] args) {
        Deque<Integer> stack = new ArrayDeque<>();
        for (int i = 1; i <= 5; i++) stack.push(i * i);
        System.out.print("stack:");
        while (!stack.isEmpty()) System.out.print(" " + stack.pop());
        System.out.println(" | empty peek " + stack.peek() + " poll " + stack.poll());
        Queue<String> q = new ArrayDeque<>();
        q.offer("a"); q.offer("b"); q.add("c");
        System.out.println(q.poll() + q.peek() + q.size() + " " + q);
        Deque<Character> dq = new ArrayDeque<>();
        for (char c : "deque".toCharArray()) { dq.offerFirst(c); dq.offerLast(Character.toUpperCase(c)); }
        System.out.println(dq + " " + dq.pollFirst() + dq.pollLast() + " " + dq.peekFirst() + dq.peekLast());

        PriorityQueue<Integer> pq = new PriorityQueue<>();
        for (int x : new int[] {42, 7, 19, 3, 88, 7, 1}) pq.add(x);
        StringBuilder sb = new StringBuilder();
        while (!pq.isEmpty()) sb.append(pq.poll()).append(' ');
        System.out.println("pq " + sb.toString().trim());
        int[] seq = {0};
        PriorityQueue<Task> tasks = new PriorityQueue<>(Comparator.comparingInt(Task::priority).reversed().thenComparingInt(Task::seq));
        for (String n : new String[] {"low:1", "high:9", "mid:5", "high2:9", "mid2:5", "urgent:10"}) {
            String[] p = n.split(":");
            tasks.add(new Task(p[0], Integer.parseInt(p[1]), seq[0]++));
        }
        while (!tasks.isEmpty()) System.out.print(tasks.poll().name() + " ");
        System.out.println();

        int nodes = 7;
        int[][] w = new int[nodes][nodes];
        int[][] edges = {{0, 1, 4}, {0, 2, 1}, {2, 1, 2}, {1, 3, 5}, {2, 3, 8}, {3, 4, 3}, {4, 5, 1}, {3, 5, 6}, {5, 6, 2}};
        for (int[] e : edges) { w[e[0]][e[1]] = e[2]; w[e[1]][e[0]] = e[2]; }
        long[] dist = new long[nodes];
        java.util.Arrays.fill(dist, Long.MAX_VALUE);
        dist[0] = 0;
        PriorityQueue<long[]> open = new PriorityQueue<>((a, b) -> Long.compare(a[1], b[1]));
        open.add(new long[] {0, 0});
        int pops = 0;
        while (!open.isEmpty()) {
            long[] cur = open.poll();
            pops++;
            int u = (int) cur[0];
            if (cur[1] > dist[u]) continue;
            for (int v = 0; v < nodes; v++)
                if (w[u][v] > 0 && dist[u] + w[u][v] < dist[v]) { dist[v] = dist[u] + w[u][v]; open.add(new long[] {v, dist[v]}); }
        }
        System.out.println("dijkstra " + java.util.Arrays.toString(dist) + " pops " + pops);

        ArrayDeque<int[]> bfs = new ArrayDeque<>();
        String[] maze = {"S.#.....", ".##.###.", "....#...", ".##...#E"};
        int[][] d = new int[4][8];
        for (int[] row : d) java.util.Arrays.fill(row, -1);
        d[0][0] = 0;
        bfs.add(new int[] {0, 0});
        while (!bfs.isEmpty()) {
            int[] c = bfs.poll();
            int[][] dirs = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
            for (int[] dd : dirs) {
                int r = c[0] + dd[0], col = c[1] + dd[1];
                if (r < 0 || r >= 4 || col < 0 || col >= 8 || maze[r].charAt(col) == '#' || d[r][col] >= 0) continue;
                d[r][col] = d[c[0]][c[1]] + 1;
                bfs.add(new int[] {r, col});
            }
        }
        System.out.println("bfs to E " + d[3][7]);

        int[] vals = {1, 3, -1, -3, 5, 3, 6, 7, 2, 2, 9, 0};
        int k = 3;
        ArrayDeque<Integer> win = new ArrayDeque<>();
        StringBuilder maxes = new StringBuilder();
        for (int i = 0; i < vals.length; i++) {
            while (!win.isEmpty() && win.peekFirst() <= i - k) win.pollFirst();
            while (!win.isEmpty() && vals[win.peekLast()] <= vals[i]) win.pollLast();
            win.offerLast(i);
            if (i >= k - 1) maxes.append(vals[win.peekFirst()]).append(' ');
        }
        System.out.println("window max " + maxes.toString().trim());
        TreeSet<String> ts = new TreeSet<>(Comparator.comparing(String::length).thenComparing(Comparator.naturalOrder()));
        for (String s : "to be or not to be that is the question".split(" ")) ts.add(s);
        System.out.println(ts + " first " + ts.first() + " ceiling(xyz) " + ts.ceiling("xyz") + " headSet " + ts.headSet("not"));
    }
}
