// Boxes chars, shorts, bytes, ints and longs from the valueOf caches (issue 15: on HotSpot the
// caches come from the CDS archive; the embedded engine must not fill them in <clinit>).
import java.util.ArrayList;
import java.util.List;

public class Boxing {
  public static void main(String[] args) {
    List<Object> boxes = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      boxes.add((char) ('a' + i));
      boxes.add((short) i);
      boxes.add((byte) i);
      boxes.add(i * 7);
      boxes.add((long) i * 3);
    }
    int same = 0;
    for (Object o : boxes) if (o == boxes.get(0)) same++;
    System.out.println(boxes.size() + " boxes, " + same + " the same as the first: " + boxes.subList(0, 10));
  }
}
