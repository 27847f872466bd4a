// Array bounds, negative sizes, store checks, arraycopy failures, clone, covariance.
import java.util.Arrays;

public class ArraysChecks {
    interface Check { void run() throws Throwable; }
    static void t(String what, Check c) {
        try { c.run(); System.out.println(what + ": ok"); }
        catch (Throwable e) { System.out.println(what + ": " + e); }
    }

    public static void main(String[] args) {
        int[] ia = new int[3];
        long[] la = new long[2];
        double[] da = new double[1];
        byte[] ba = new byte[4];
        char[] ca = new char[2];
        boolean[] za = new boolean[1];
        Object[] oa = new String[2];
        int[][] grid = new int[2][3];
        int n = -1;
        t("int read -1", () -> System.out.println(ia[n]));
        t("int read 3", () -> System.out.println(ia[3]));
        t("int write 3", () -> ia[3] = 1);
        t("long write -5", () -> la[-5] = 1);
        t("double read 1", () -> System.out.println(da[1]));
        t("byte read 4", () -> System.out.println(ba[4]));
        t("char write 2", () -> ca[2] = 'x');
        t("boolean read 1", () -> System.out.println(za[1]));
        t("object read MIN", () -> System.out.println(oa[Integer.MIN_VALUE]));
        t("2d read", () -> System.out.println(grid[1][3]));
        t("new int[-1]", () -> System.out.println(new int[n].length));
        t("new String[-3]", () -> System.out.println(new String[n - 2].length));
        t("new int[2][-1]", () -> System.out.println(new int[2][n].length));
        t("new int[-2][3]", () -> System.out.println(new int[n - 1][3].length));
        t("new int[0][-1]", () -> System.out.println(new int[0][n].length));
        t("store Integer in String[]", () -> oa[0] = Integer.valueOf(1));
        t("store null in String[]", () -> oa[1] = null);
        t("arraycopy type", () -> System.arraycopy(ia, 0, la, 0, 1));
        t("arraycopy bounds", () -> System.arraycopy(ia, 1, new int[3], 0, 3));
        t("arraycopy neg", () -> System.arraycopy(ia, -1, new int[3], 0, 1));
        t("arraycopy len", () -> System.arraycopy(ia, 0, new int[3], 0, -1));
        t("arraycopy dst", () -> System.arraycopy(ia, 0, new int[1], 1, 1));
        t("arraycopy store", () -> System.arraycopy(new Object[] {"a", 1}, 0, new String[2], 0, 2));
        t("arraycopy non-array", () -> System.arraycopy("x", 0, ia, 0, 1));
        t("arraycopy null", () -> System.arraycopy(null, 0, ia, 0, 1));
        t("arraycopy overlap", () -> { int[] a = {1, 2, 3, 4, 5}; System.arraycopy(a, 0, a, 1, 4); System.out.println(Arrays.toString(a)); });
        t("clone", () -> { int[][] c = grid.clone(); c[0][0] = 9; System.out.println(grid[0][0] + " " + (c[0] == grid[0]) + " " + (c != grid)); });
        t("covariance", () -> { Number[] nums = new Integer[1]; nums[0] = 1.5; });
        t("zero length", () -> System.out.println(new Object[0].length + " " + new int[0][0].length + Arrays.toString(new long[0])));
        t("array class names", () -> System.out.println(int[].class.getName() + " " + String[][].class.getName() + " " + grid.getClass().getSimpleName() + " " + oa.getClass().getComponentType()));
        t("multianewarray", () -> { long[][][] cube = new long[2][3][4]; cube[1][2][3] = 7; System.out.println(cube[1][2][3] + " " + cube[0].length + " " + cube[1][1].length); });
        t("array equality", () -> System.out.println(ia.equals(ia.clone()) + " " + Arrays.equals(ia, ia.clone()) + " " + Arrays.hashCode(new int[] {1, 2})));
        t("char defaults", () -> System.out.println((int) (new char[1])[0] + " " + (new boolean[1])[0] + " " + (new Object[1])[0] + " " + (new double[1])[0]));
    }
}
