// Unresolved checkcast / instanceof in compiled code (server/src/interp/jit/insns.ts): null passes
// a checkcast and is no instance without the class being resolved, so compiled code goes on in
// place for null and leaves to the interpreter only for an object. `cast` and `test` see only
// nulls while they are compiled and for long after (their classes are never resolved then);
// `late` sees an object made elsewhere after it was compiled (the leave path, the class
// resolved by the interpreter at that point).
public class JitNullCasts {
    static final class Slot {
        int v = 7;
    }

    static final class Other {}

    static final class Late {
        int w = 11;
    }

    static Object[] chunk = new Object[4];

    static int cast(int i) {
        Slot s = (Slot) chunk[i & 3];
        return s == null ? i & 1 : s.v;
    }

    static int test(Object o, int i) {
        return o instanceof Other ? 100 : i & 2;
    }

    static int late(Object o, int i) {
        Late l = (Late) o;
        return l == null ? 1 : l.w + i;
    }

    static Object make(int i) {
        return i >= 3000 ? Maker.late() : null;
    }

    public static void main(String[] args) {
        long h = 0;
        for (int i = 0; i < 4000; i++) {
            h = h * 31 + cast(i);
            h = h * 31 + test(null, i);
            h = h * 31 + late(make(i), i);
        }
        System.out.println("h=" + h);
    }
}

class Maker {
    static Object late() {
        return new JitNullCasts.Late();
    }
}
