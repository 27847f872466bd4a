import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.ListIterator;

// Lists: ArrayList and LinkedList operations (add/remove by index and by value, set, subList
// views, removeIf, replaceAll, contains/indexOf with equals), ListIterator (add, set, reverse),
// Iterator.remove, Collections utilities (reverse, rotate, swap, frequency, nCopies,
// unmodifiable, binarySearch, max/min, disjoint), List.of/copyOf, toArray.
public class Main {
    public static void main(String[] args) {
        List<Integer> al = new ArrayList<>();
        for (int i = 0; i < 10; i++) al.add(i * 3 % 7);
        System.out.println(al);
        al.remove(Integer.valueOf(6));
        al.remove(0);
        al.add(2, 100);
        al.set(0, -1);
        System.out.println(al + " indexOf(5)=" + al.indexOf(5) + " lastIndexOf(5)=" + al.lastIndexOf(5) + " contains 100 " + al.contains(100));
        List<Integer> sub = al.subList(2, 5);
        sub.set(0, 55);
        sub.add(77);
        System.out.println(sub + " " + al);
        al.removeIf(x -> x % 2 == 1);
        al.replaceAll(x -> x / 2);
        System.out.println(al);

        LinkedList<String> ll = new LinkedList<>(List.of("b", "c", "d"));
        ll.addFirst("a"); ll.addLast("e"); ll.add(2, "b2");
        System.out.println(ll + " first " + ll.getFirst() + " last " + ll.peekLast() + " pop " + ll.pop() + " " + ll);
        ListIterator<String> it = ll.listIterator();
        while (it.hasNext()) {
            String s = it.next();
            if (s.equals("c")) it.set("C");
            if (s.equals("b2")) it.remove();
            if (s.equals("d")) it.add("d2");
        }
        System.out.print(ll + " reversed:");
        while (it.hasPrevious()) System.out.print(" " + it.previous() + "@" + it.nextIndex());
        System.out.println();
        Iterator<String> rm = ll.iterator();
        while (rm.hasNext()) if (rm.next().length() > 1) rm.remove();
        System.out.println(ll + " descending " + ll.descendingIterator().next());

        List<Integer> nums = new ArrayList<>(List.of(5, 1, 4, 1, 5, 9, 2, 6, 5, 3));
        Collections.reverse(nums);
        System.out.print(nums);
        Collections.rotate(nums, 3);
        System.out.print(" " + nums);
        Collections.swap(nums, 0, 9);
        System.out.println(" " + nums + " freq(5)=" + Collections.frequency(nums, 5) + " max " + Collections.max(nums) + " min " + Collections.min(nums));
        Collections.sort(nums);
        System.out.println(nums + " search 6 " + Collections.binarySearch(nums, 6) + " search 7 " + Collections.binarySearch(nums, 7) + " disjoint " + Collections.disjoint(nums, List.of(7, 8)));
        System.out.println(Collections.nCopies(3, "ab") + " " + Collections.emptyList() + " " + Collections.singletonList(1));
        List<Integer> ro = Collections.unmodifiableList(nums);
        try {
            ro.add(1);
        } catch (UnsupportedOperationException e) {
            System.out.println("unmodifiable");
        }
        List<Integer> copy = List.copyOf(nums);
        Object[] arr = copy.toArray();
        Integer[] typed = copy.toArray(new Integer[0]);
        System.out.println(arr.length + " " + typed[typed.length - 1] + " " + copy.equals(nums) + " " + copy.hashCode() + " " + new LinkedList<>(nums).equals(nums));
        List<List<Integer>> nested = new ArrayList<>();
        for (int i = 0; i < 3; i++) { nested.add(new ArrayList<>()); for (int j = 0; j <= i; j++) nested.get(i).add(j); }
        System.out.println(nested + " " + nested.get(2).subList(1, 3));
        ArrayList<Integer> big = new ArrayList<>(5);
        for (int i = 0; i < 1000; i++) big.add(i);
        big.subList(10, 990).clear();
        big.trimToSize();
        big.ensureCapacity(100);
        System.out.println(big);
    }
}
