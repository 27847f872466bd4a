import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

// Hand-written generic data structures used through Iterable/Iterator (for-each loops call
// back into them): a singly linked list with an iterator and remove, an AVL-free binary search
// tree with in-order traversal via an explicit stack, an open-addressing hash map, a ring
// buffer, and a lazy Fibonacci Iterable; forEach default method on a user Iterable.
public class Main {
    static final class LinkedBag<T> implements Iterable<T> {
        private static final class Node<T> { T v; Node<T> next; Node(T v, Node<T> n) { this.v = v; next = n; } }
        private Node<T> head;
        private int size;
        void push(T v) { head = new Node<>(v, head); size++; }
        int size() { return size; }
        @Override public Iterator<T> iterator() {
            return new Iterator<T>() {
                Node<T> cur = head, prev = null, prevPrev = null;
                boolean canRemove;
                public boolean hasNext() { return cur != null; }
                public T next() {
                    if (cur == null) throw new NoSuchElementException();
                    prevPrev = prev; prev = cur; cur = cur.next; canRemove = true;
                    return prev.v;
                }
                public void remove() {
                    if (!canRemove) throw new IllegalStateException();
                    if (prevPrev == null) head = cur; else prevPrev.next = cur;
                    prev = prevPrev; size--; canRemove = false;
                }
            };
        }
    }

    static final class Bst<K extends Comparable<K>, V> implements Iterable<K> {
        private final class N { final K k; V v; N l, r; N(K k, V v) { this.k = k; this.v = v; } }
        private N root;
        int height;
        void put(K k, V v) {
            if (root == null) { root = new N(k, v); height = 1; return; }
            N n = root;
            int depth = 1;
            while (true) {
                depth++;
                int c = k.compareTo(n.k);
                if (c == 0) { n.v = v; return; }
                N next = c < 0 ? n.l : n.r;
                if (next == null) { if (c < 0) n.l = new N(k, v); else n.r = new N(k, v); height = Math.max(height, depth); return; }
                n = next;
            }
        }
        V get(K k) { N n = root; while (n != null) { int c = k.compareTo(n.k); if (c == 0) return n.v; n = c < 0 ? n.l : n.r; } return null; }
        @Override public Iterator<K> iterator() {
            java.util.ArrayDeque<N> stack = new java.util.ArrayDeque<>();
            for (N n = root; n != null; n = n.l) stack.push(n);
            return new Iterator<K>() {
                public boolean hasNext() { return !stack.isEmpty(); }
                public K next() { N n = stack.pop(); for (N m = n.r; m != null; m = m.l) stack.push(m); return n.k; }
            };
        }
    }

    static final class IntMap {
        private int[] keys = new int[8], vals = new int[8];
        private boolean[] used = new boolean[8];
        private int size, probes;
        void put(int k, int v) {
            if (size * 2 >= keys.length) grow();
            int i = Math.floorMod(k * 0x9E3779B9, keys.length);
            while (used[i] && keys[i] != k) { i = (i + 1) & (keys.length - 1); probes++; }
            if (!used[i]) { used[i] = true; size++; }
            keys[i] = k; vals[i] = v;
        }
        int get(int k, int dflt) {
            int i = Math.floorMod(k * 0x9E3779B9, keys.length);
            while (used[i]) { if (keys[i] == k) return vals[i]; i = (i + 1) & (keys.length - 1); }
            return dflt;
        }
        private void grow() {
            int[] ok = keys, ov = vals; boolean[] ou = used;
            keys = new int[ok.length * 2]; vals = new int[ok.length * 2]; used = new boolean[ok.length * 2]; size = 0;
            for (int i = 0; i < ok.length; i++) if (ou[i]) put(ok[i], ov[i]);
        }
    }

    static final class Ring<T> implements Iterable<T> {
        private final Object[] buf;
        private int start, count;
        Ring(int cap) { buf = new Object[cap]; }
        void add(T t) { buf[(start + count) % buf.length] = t; if (count < buf.length) count++; else start = (start + 1) % buf.length; }
        @SuppressWarnings("unchecked") public Iterator<T> iterator() {
            return new Iterator<T>() {
                int i;
                public boolean hasNext() { return i < count; }
                public T next() { return (T) buf[(start + i++) % buf.length]; }
            };
        }
    }

    static Iterable<Long> fibonacci(int n) {
        return () -> new Iterator<Long>() {
            long a = 0, b = 1; int i;
            public boolean hasNext() { return i < n; }
            public Long next() { long r = a; a = b; b = r + b; i++; return r; }
        };
    }

    public static void main(String[] args) {
        LinkedBag<String> bag = new LinkedBag<>();
        for (String s : "one two three four five six".split(" ")) bag.push(s);
        StringBuilder sb = new StringBuilder();
        for (String s : bag) sb.append(s).append(' ');
        System.out.println(sb.toString().trim() + " size " + bag.size());
        for (Iterator<String> it = bag.iterator(); it.hasNext();) if (it.next().contains("o")) it.remove();
        List<String> left = new ArrayList<>();
        bag.forEach(left::add);
        System.out.println("after remove " + left + " size " + bag.size());

        Bst<String, Integer> tree = new Bst<>();
        String[] words = "m f t b h p w a c g i n q v x".split(" ");
        for (int i = 0; i < words.length; i++) tree.put(words[i], i);
        tree.put("h", 100);
        StringBuilder inorder = new StringBuilder();
        for (String k : tree) inorder.append(k);
        System.out.println("bst " + inorder + " height " + tree.height + " get(h) " + tree.get("h") + " get(z) " + tree.get("z"));

        IntMap im = new IntMap();
        for (int i = 0; i < 500; i++) im.put(i * 17 - 250, i);
        long s = 0;
        for (int i = 0; i < 500; i++) s += im.get(i * 17 - 250, -1);
        System.out.println("intmap sum " + s + " missing " + im.get(3, -1) + " size " + im.size + " probes " + im.probes);

        Ring<Integer> ring = new Ring<>(4);
        for (int i = 1; i <= 10; i++) ring.add(i);
        Consumer<Integer> printer = x -> System.out.print(x + " ");
        ring.forEach(printer);
        System.out.println();
        long sum = 0;
        for (long f : fibonacci(50)) sum += f;
        System.out.println("fib sum " + sum + " spliterator count " + java.util.stream.StreamSupport.stream(fibonacci(30).spliterator(), false).filter(x -> x % 2 == 0).count());
    }
}
