import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

// Object methods overridden: toString, equals (symmetric, with getClass vs instanceof),
// hashCode (used by HashMap/HashSet), clone (shallow and deep, Cloneable, CloneNotSupported),
// getClass, and the default Object.toString format on a class with a fixed hashCode.
public class Main {
    static class Money implements Cloneable {
        final String currency;
        long cents;
        int[] history = {0};
        Money(String currency, long cents) { this.currency = currency; this.cents = cents; }
        @Override public boolean equals(Object o) {
            if (this == o) return true;
            if (!(o instanceof Money)) return false;
            Money m = (Money) o;
            return cents == m.cents && currency.equals(m.currency);
        }
        @Override public int hashCode() { return Objects.hash(currency, cents); }
        @Override public String toString() { return String.format("%s %d.%02d", currency, cents / 100, cents % 100); }
        @Override public Money clone() {
            try {
                Money m = (Money) super.clone();
                if (deep) m.history = history.clone();
                return m;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
        static boolean deep;
    }

    static class NotCloneable {
        Object tryClone() throws CloneNotSupportedException { return super.clone(); }
    }

    static class FixedHash {
        @Override public int hashCode() { return 0xCAFE; }
    }

    static class Key {
        final String k;
        Key(String k) { this.k = k; }
        @Override public boolean equals(Object o) { return o instanceof Key other && other.k.equalsIgnoreCase(k); }
        @Override public int hashCode() { return k.toLowerCase().hashCode(); }
    }

    public static void main(String[] args) {
        Money a = new Money("EUR", 1234), b = new Money("EUR", 1234), c = new Money("USD", 1234);
        System.out.println(a + " " + c + " equals " + a.equals(b) + " " + a.equals(c) + " " + a.equals(null) + " " + a.equals("EUR 12.34"));
        System.out.println("hash equal " + (a.hashCode() == b.hashCode()) + " " + a.hashCode());
        Set<Money> set = new HashSet<>();
        set.add(a); set.add(b); set.add(c);
        System.out.println("set size " + set.size());
        Money shallow = a.clone();
        shallow.history[0] = 5;
        System.out.println("shallow shares history: " + a.history[0] + " same class " + (shallow.getClass() == Money.class) + " eq " + shallow.equals(a) + " same " + (shallow == a));
        Money.deep = true;
        Money deep = a.clone();
        deep.history[0] = 9;
        System.out.println("deep: " + a.history[0] + " " + deep.history[0]);
        try {
            new NotCloneable().tryClone();
        } catch (CloneNotSupportedException e) {
            System.out.println("not cloneable: " + e.getMessage());
        }
        System.out.println(new FixedHash().toString().replace("Main$", "") + " " + Integer.toHexString(new FixedHash().hashCode()));
        Map<Key, Integer> m = new HashMap<>();
        m.put(new Key("Hello"), 1);
        m.merge(new Key("HELLO"), 10, Integer::sum);
        m.put(new Key("world"), 2);
        System.out.println("map size " + m.size() + " hello " + m.get(new Key("hello")));
        int[][] grid = {{1, 2}, {3, 4}};
        int[][] copy = grid.clone();
        copy[0][0] = 100;
        copy[1] = new int[] {7, 7};
        System.out.println(grid[0][0] + " " + grid[1][0] + " " + copy[1][0]);
        Object o = new Object();
        System.out.println(o.equals(o) + " " + o.getClass().getName() + " " + new Object().equals(o));
    }
}
