import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

// Runtime exceptions raised by bytecodes and the library, with their JDK 17 messages:
// ClassCastException (checkcast on classes, interfaces, arrays), ArrayIndexOutOfBounds
// (load, store, negative), NegativeArraySizeException (1-D and multi-dim), ArithmeticException,
// ArrayStoreException, StringIndexOutOfBounds, NumberFormatException, IllegalArgument,
// ConcurrentModificationException, UnsupportedOperationException (immutable lists),
// IndexOutOfBounds from collections, NoSuchElement, IllegalMonitorState.
public class Main {
    interface Shape {}
    static class Sq implements Shape {}

    static void attempt(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": no exception");
        } catch (RuntimeException e) {
            System.out.println(what + ": " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        Object s = "a string";
        Object sq = new Sq();
        Object arr = new int[3];
        int[] ints = new int[3];
        attempt("cast String to Integer", () -> System.out.println((Integer) s));
        attempt("cast Sq to Runnable", () -> System.out.println((Runnable) sq));
        attempt("cast int[] to long[]", () -> System.out.println(((long[]) arr).length));
        attempt("cast int[] to Object[]", () -> System.out.println(((Object[]) arr).length));
        attempt("cast Sq to Shape", () -> System.out.println(((Shape) sq).getClass().getSimpleName()));
        attempt("generic list cast", () -> {
            List<Object> raw = new ArrayList<>(List.of(1, "two"));
            @SuppressWarnings("unchecked") List<Integer> li = (List<Integer>) (List<?>) raw;
            int sum = 0;
            for (Integer i : li) sum += i;
            System.out.println(sum);
        });
        attempt("load index 3", () -> System.out.println(ints[3]));
        attempt("store index -1", () -> ints[-1] = 5);
        attempt("multi-dim index", () -> { long[][][] l3 = new long[2][5][1]; System.out.println(l3[1][5].length); });
        attempt("new int[-3]", () -> System.out.println(new int[-3].length));
        attempt("new String[2][-1]", () -> System.out.println(new String[2][-1].length));
        attempt("new Object[-2][2]", () -> System.out.println(new Object[-2][2].length));
        attempt("mod zero", () -> System.out.println(ints.length % ints[0]));
        attempt("array store", () -> { Object[] o = new Integer[1]; o[0] = "s"; });
        attempt("charAt", () -> System.out.println("abc".charAt(5)));
        attempt("substring", () -> System.out.println("abc".substring(2, 1)));
        attempt("parseInt", () -> System.out.println(Integer.parseInt("12three")));
        attempt("parseLong empty", () -> System.out.println(Long.parseLong("")));
        attempt("parseDouble", () -> System.out.println(Double.parseDouble("1.2.3")));
        attempt("list get", () -> System.out.println(new ArrayList<>(List.of(1, 2)).get(2)));
        attempt("immutable add", () -> List.of(1).add(2));
        attempt("subList", () -> System.out.println(List.of(1, 2, 3).subList(2, 1)));
        attempt("iterator next", () -> System.out.println(new ArrayList<String>().iterator().next()));
        attempt("concurrent modification", () -> {
            List<Integer> l = new ArrayList<>(List.of(1, 2, 3, 4));
            for (Integer i : l) if (i == 2) l.remove(i);
        });
        attempt("iterator remove twice", () -> {
            Iterator<Integer> it = new ArrayList<>(List.of(1, 2)).iterator();
            it.next(); it.remove(); it.remove();
        });
        attempt("wait without monitor", () -> {
            try { new Object().wait(1); } catch (InterruptedException e) { throw new RuntimeException(e); }
        });
        attempt("notify without monitor", () -> new Object().notify());
        attempt("negative repeat", () -> System.out.println("x".repeat(-1)));
        attempt("enum valueOf", () -> Thread.State.valueOf("RUNNING"));
        attempt("Objects.requireNonNull", () -> java.util.Objects.requireNonNull(null, "thing must not be null"));
        attempt("checkIndex", () -> java.util.Objects.checkIndex(10, 4));
        attempt("class cast via Class.cast", () -> Integer.class.cast("nope"));
    }
}
