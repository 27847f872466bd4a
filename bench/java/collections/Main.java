package collections;

import harness.Harness;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** java.util collections: HashMap counting, ArrayList sorting, TreeMap range queries, a BFS with ArrayDeque. */
public final class Main {
  private static int seed;

  static int next() {
    seed = seed * 1664525 + 1013904223;
    return seed >>> 1;
  }

  static long hashMaps(int n) {
    Map<Integer, Integer> counts = new HashMap<>();
    for (int i = 0; i < n; i++) counts.merge(next() % (n / 4 + 1), 1, Integer::sum);
    long h = counts.size();
    for (Map.Entry<Integer, Integer> e : counts.entrySet()) h += (long) e.getKey() * e.getValue();
    HashSet<Long> set = new HashSet<>();
    for (int i = 0; i < n / 2; i++) set.add((long) (next() % n));
    for (int i = 0; i < n / 2; i++) if (set.contains((long) i)) h++;
    return h;
  }

  static long lists(int n) {
    List<Integer> list = new ArrayList<>();
    for (int i = 0; i < n; i++) list.add(next() % 1_000_000);
    Collections.sort(list);
    long h = 0;
    for (int i = 0; i < list.size(); i += 7) h = h * 31 + list.get(i);
    int idx = Collections.binarySearch(list, 500_000);
    list.removeIf(x -> (x & 3) == 0);
    return h + idx + list.size();
  }

  static long treeMaps(int n) {
    TreeMap<Integer, String> tree = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      int k = next() % (n * 4);
      tree.put(k, Integer.toString(k & 255));
    }
    long h = 0;
    for (int i = 0; i < n; i++) {
      Map.Entry<Integer, String> e = tree.floorEntry(next() % (n * 4));
      if (e != null) h += e.getKey() + e.getValue().length();
    }
    h += tree.headMap(n).size() + tree.tailMap(n * 2).size();
    return h;
  }

  static long bfs(int w) {
    // Shortest path on a grid with pseudo-random walls.
    boolean[] wall = new boolean[w * w];
    for (int i = 0; i < wall.length; i++) wall[i] = next() % 10 < 3;
    wall[0] = false;
    int[] dist = new int[w * w];
    java.util.Arrays.fill(dist, -1);
    ArrayDeque<Integer> q = new ArrayDeque<>();
    q.add(0);
    dist[0] = 0;
    long reached = 0;
    while (!q.isEmpty()) {
      int p = q.poll();
      reached += dist[p];
      int x = p % w, y = p / w;
      int[] nb = {x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < w - 1 ? p + w : -1};
      for (int s : nb) {
        if (s >= 0 && !wall[s] && dist[s] < 0) {
          dist[s] = dist[p] + 1;
          q.add(s);
        }
      }
    }
    return reached;
  }

  public static void main(String[] args) {
    Harness.run("collections", args, scale -> {
      seed = 42;
      long h = 0;
      h = Harness.mix(h, hashMaps(Harness.size(scale, 39_000, 100)));
      h = Harness.mix(h, lists(Harness.size(scale, 29_000, 100)));
      h = Harness.mix(h, treeMaps(Harness.size(scale, 15_000, 100)));
      h = Harness.mix(h, bfs(Harness.size(Math.sqrt(scale), 175, 10)));
      return h;
    });
  }
}
