import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TimerTask;

// User classes extending JDK classes whose code calls back into the user's overrides:
// AbstractList (get/size used by the JDK's iterator, equals, hashCode, toString, subList,
// sort), AbstractMap with a custom entrySet, HashMap with overridden put (putAll bypasses it),
// ArrayList with overridden add (Collections.addAll calls it, ArrayList.addAll does not), Thread.run,
// Exception.getMessage/fillInStackTrace overrides, a user interface satisfied by an inherited
// JDK method, and TimerTask.run called directly.
public class Main {
    static final class Squares extends AbstractList<Integer> {
        final int n;
        int gets;
        Squares(int n) { this.n = n; }
        @Override public Integer get(int i) { gets++; if (i < 0 || i >= n) throw new IndexOutOfBoundsException("square " + i); return i * i; }
        @Override public int size() { return n; }
    }

    static final class Countdown extends AbstractMap<String, Integer> {
        @Override public Set<Entry<String, Integer>> entrySet() {
            Set<Entry<String, Integer>> s = new java.util.LinkedHashSet<>();
            for (int i = 3; i > 0; i--) s.add(new SimpleEntry<>("k" + i, i));
            return s;
        }
    }

    static final class LoudMap<K, V> extends HashMap<K, V> {
        final List<String> log = new ArrayList<>();
        @Override public V put(K k, V v) { log.add("put " + k); return super.put(k, v); }
    }

    static final class TrackingList extends ArrayList<String> {
        int adds;
        @Override public boolean add(String s) { adds++; return super.add(s.toUpperCase()); }
    }

    static final class QuietException extends RuntimeException {
        QuietException(String m) { super(m); }
        @Override public synchronized Throwable fillInStackTrace() { return this; }
        @Override public String getMessage() { return "quiet: " + super.getMessage(); }
    }

    interface Sized { int size(); default boolean tiny() { return size() < 3; } }
    static final class SizedList extends ArrayList<Integer> implements Sized {}

    public static void main(String[] args) {
        Squares sq = new Squares(8);
        System.out.println(sq + " sum " + sq.stream().mapToInt(Integer::intValue).sum() + " contains 49 " + sq.contains(49) + " indexOf 25 " + sq.indexOf(25));
        System.out.println(sq.subList(2, 5) + " equals " + sq.equals(List.of(0, 1, 4, 9, 16, 25, 36, 49)) + " hash " + sq.hashCode() + " gets>0 " + (sq.gets > 0));
        Iterator<Integer> it = sq.iterator();
        it.next();
        try {
            it.remove();
        } catch (UnsupportedOperationException e) {
            System.out.println("remove unsupported");
        }
        try {
            sq.get(8);
        } catch (IndexOutOfBoundsException e) {
            System.out.println(e.getMessage());
        }
        List<Integer> copy = new ArrayList<>(sq);
        copy.sort(java.util.Comparator.reverseOrder());
        System.out.println(copy);
        Countdown cd = new Countdown();
        System.out.println(cd + " get k2 " + cd.get("k2") + " size " + cd.size() + " keys " + cd.keySet() + " containsValue 3 " + cd.containsValue(3));
        LoudMap<String, Integer> lm = new LoudMap<>();
        lm.putAll(Map.of("solo", 1));
        lm.put("x", 2);
        lm.computeIfAbsent("y", k -> 3);
        System.out.println(lm.log + " " + new java.util.TreeMap<>(lm));
        TrackingList tl = new TrackingList();
        tl.add("a");
        tl.addAll(List.of("b", "c"));
        java.util.Collections.addAll(tl, "d", "e");
        System.out.println(tl + " adds " + tl.adds);
        try {
            throw new QuietException("no trace");
        } catch (QuietException e) {
            System.out.println(e.getMessage() + " trace length " + e.getStackTrace().length + " toString " + e);
        }
        SizedList sl = new SizedList();
        Sized s = sl;
        sl.add(1);
        System.out.println("tiny " + s.tiny() + " size via interface " + s.size());
        sl.addAll(List.of(2, 3, 4));
        System.out.println("tiny " + s.tiny() + " size via interface " + s.size());
        int[] ran = {0};
        TimerTask task = new TimerTask() { @Override public void run() { ran[0]++; } };
        task.run();
        System.out.println("timer task ran " + ran[0] + " cancel " + task.cancel());
        Set<List<Integer>> set = new HashSet<>();
        set.add(new Squares(3));
        System.out.println("set contains equal list " + set.contains(List.of(0, 1, 4)));
        Thread t = new Thread() {
            @Override public void run() { System.out.println("overridden run in " + getName()); }
        };
        t.setName("custom");
        t.start();
        try { t.join(); } catch (InterruptedException e) { throw new RuntimeException(e); }
        Object o = new Object() { @Override public String toString() { return "anonymous Object"; } };
        System.out.println(String.valueOf(o) + " " + java.util.Objects.toString(o) + " " + List.of(o));
    }
}
