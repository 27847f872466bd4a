import java.util.Arrays;
import java.util.Comparator;

// Arrays: multi-dimensional (rectangular, jagged, partially allocated), clone (shallow),
// Arrays.sort (primitives, objects, ranges, comparators), fill, copyOf/copyOfRange, equals,
// deepEquals, deepToString, binarySearch, System.arraycopy (overlapping), array covariance
// (ArrayStoreException), default values, length of zero arrays, mismatch, setAll.
public class Main {
    public static void main(String[] args) {
        int[][] rect = new int[3][4];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) rect[i][j] = i * 4 + j;
        System.out.println(Arrays.deepToString(rect));
        int[][] jag = new int[4][];
        for (int i = 0; i < jag.length; i++) { jag[i] = new int[i + 1]; Arrays.fill(jag[i], i); }
        System.out.println(Arrays.deepToString(jag));
        long[][][] cube = new long[2][3][];
        System.out.println(cube[1][2] + " " + cube[0].length + " " + new long[2][3][4][1][2][3].length);
        int[][] clone = rect.clone();
        clone[0][0] = -1;
        clone[1] = new int[] {9};
        System.out.println(rect[0][0] + " " + rect[1].length + " " + clone[1].length);
        int[] data = {5, 3, 9, -1, 0, 3, 7, 12, -8};
        int[] sorted = data.clone();
        Arrays.sort(sorted);
        System.out.println(Arrays.toString(data) + " -> " + Arrays.toString(sorted) + " search 7 at " + Arrays.binarySearch(sorted, 7) + " search 4 at " + Arrays.binarySearch(sorted, 4));
        int[] part = data.clone();
        Arrays.sort(part, 2, 6);
        System.out.println("range sort " + Arrays.toString(part));
        String[] words = {"pear", "Apple", "fig", "banana", "kiwi", "Cherry"};
        String[] w1 = words.clone();
        Arrays.sort(w1);
        String[] w2 = words.clone();
        Arrays.sort(w2, String.CASE_INSENSITIVE_ORDER);
        String[] w3 = words.clone();
        Arrays.sort(w3, Comparator.comparingInt(String::length).thenComparing(Comparator.reverseOrder()));
        System.out.println(Arrays.toString(w1) + "\n" + Arrays.toString(w2) + "\n" + Arrays.toString(w3));
        double[] ds = {3.5, -0.0, 0.0, Double.NaN, -2, Double.NEGATIVE_INFINITY};
        Arrays.sort(ds);
        System.out.println(Arrays.toString(ds));
        char[] cs = "hello world".toCharArray();
        Arrays.sort(cs);
        System.out.println("[" + new String(cs) + "]");
        int[] grown = Arrays.copyOf(data, 12), range = Arrays.copyOfRange(data, 3, 6);
        System.out.println(Arrays.toString(grown) + " " + Arrays.toString(range));
        int[] overlap = {1, 2, 3, 4, 5, 6, 7, 8};
        System.arraycopy(overlap, 0, overlap, 2, 5);
        System.out.println(Arrays.toString(overlap));
        System.out.println(Arrays.equals(new int[] {1, 2}, new int[] {1, 2}) + " " + new int[] {1}.equals(new int[] {1}) + " " + Arrays.deepEquals(new int[][] {{1}}, new int[][] {{1}}) + " " + Arrays.equals(new int[][] {{1}}, new int[][] {{1}}));
        Object[] objs = new String[2];
        try {
            objs[0] = "ok";
            objs[1] = Integer.valueOf(1);
        } catch (ArrayStoreException e) {
            System.out.println("ArrayStoreException: " + e.getMessage());
        }
        System.out.println(Arrays.toString(new boolean[2]) + Arrays.toString(new char[] {'a'}) + Arrays.toString(new float[2]) + Arrays.toString(new String[2]) + new int[0].length);
        try {
            System.arraycopy(data, 5, grown, 10, 5);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("arraycopy: " + e.getMessage());
        }
        try {
            System.arraycopy(data, 0, words, 0, 1);
        } catch (ArrayStoreException e) {
            System.out.println("arraycopy store: " + e.getMessage());
        }
        long[] squares = new long[10];
        Arrays.setAll(squares, i -> (long) i * i);
        System.out.println(Arrays.toString(squares) + " mismatch " + Arrays.mismatch(new int[] {1, 2, 3}, new int[] {1, 2, 4}) + " stream sum " + Arrays.stream(squares).sum());
        Integer[] boxed = {3, 1, 2};
        Arrays.sort(boxed, Comparator.reverseOrder());
        System.out.println(Arrays.asList(boxed) + " hash " + Arrays.hashCode(new int[] {1, 2, 3}) + " " + Arrays.deepHashCode(new Object[] {1, new int[] {2}}));
        int[][] matrix = {{1, 2, 3}, {4, 5, 6}};
        int[][] t = new int[3][2];
        for (int i = 0; i < 2; i++) for (int j = 0; j < 3; j++) t[j][i] = matrix[i][j];
        System.out.println(Arrays.deepToString(t) + " " + matrix.getClass().getName() + " " + t[0].getClass().getSimpleName() + " " + new String[0][0].getClass().getComponentType().getName());
    }
}
