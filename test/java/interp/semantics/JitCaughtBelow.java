/**
 * A compiled caller with values live on its operand stack below a call (a long, a double, an
 * int, a reference) whose compiled callee catches an exception thrown in it or deeper: the
 * exception leaves the compiled code of both, the interpreter runs the callee's handler, and
 * the caller resumes after the call reading those values back (jit/codegen.ts: they were only
 * written back for signals, so `h * 31 + count(...)` used whatever the arrays held).
 */
public class JitCaughtBelow {
    static final class Key implements Comparable<Key> {
        final int v;

        Key(int v) {
            this.v = v;
        }

        @Override
        public int compareTo(Key o) {
            return v < o.v ? -1 : (v == o.v ? 0 : 1);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static int count(Comparable[] a, Object pivot) {
        int below = 0;
        for (int i = 0; i < a.length; i++) {
            try {
                if (a[i].compareTo(i % 97 == 13 ? null : pivot) < 0) below++;
            } catch (NullPointerException e) {
                below += 1000;
            }
        }
        return below;
    }

    static int thrower(Object o) {
        return o.hashCode() & 3;
    }

    static int direct(int n, Object pivot) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            try {
                s += thrower(i % 31 == 7 ? null : pivot);
            } catch (NullPointerException e) {
                s += 100;
            }
        }
        return s;
    }

    static int own(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            try {
                if (i % 17 == 3) throw new IllegalStateException("x" + i);
                s += i;
            } catch (IllegalStateException e) {
                s += e.getMessage().length();
            }
        }
        return s;
    }

    public static void main(String[] args) {
        Key[] keys = new Key[300];
        int seed = 11;
        for (int i = 0; i < keys.length; i++) {
            seed = seed * 1103515245 + 12345;
            keys[i] = new Key((seed >>> 8) % 5000);
        }
        Object pivot = "pivot";
        long h = 0;
        double d = 0.5;
        int k = 7;
        String tag = "t";
        for (int round = 0; round < 400; round++) {
            h = h * 31 + count(keys, keys[round % 300]);
            d = d * 1.0001 + direct(50, pivot);
            k = k * 17 + own(40);
            tag = (tag + direct(3, pivot)).substring(0, 1) + (tag.length() & 7);
        }
        System.out.println("long " + h);
        System.out.println("double " + d);
        System.out.println("int " + k);
        System.out.println("ref " + tag);
    }
}
