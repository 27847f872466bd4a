// Records' toString, hashCode and equals (invokedynamic of java.lang.runtime.ObjectMethods): the
// JDK's bootstrap builds their method-handle trees on both engines (issue 15: on JDK 17 toString
// is String.format of "Name[a=%s, ...]", which the embedded engine's own spun method replaced by a
// StringBuilder chain, so Formatter's and Pattern's work ran on HotSpot only).
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class Records {
  record Point(int x, int y) {}
  record Named(String name, double weight, long id, Point at) {}
  record Empty() {}

  public static void main(String[] args) {
    List<Named> all = new ArrayList<>();
    for (int i = 0; i < 12; i++) all.add(new Named("n" + (i % 5), i * 0.5, i * 1000L, new Point(i % 3, i % 4)));
    StringBuilder sb = new StringBuilder();
    for (Named n : all) sb.append(n).append('\n');
    Set<Named> distinct = new HashSet<>(all);
    int equal = 0;
    for (Named a : all) for (Named b : all) if (a.equals(b)) equal++;
    Set<Point> points = new HashSet<>();
    for (Named n : all) points.add(n.at());
    System.out.print(sb);
    System.out.println(distinct.size() + " distinct, " + equal + " equal pairs, " + points.size() + " points, " + new Empty() + " " + new Empty().hashCode() + " " + new Point(1, 2).hashCode());
  }
}
