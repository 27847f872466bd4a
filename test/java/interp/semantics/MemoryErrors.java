// OutOfMemoryError and StackOverflowError are catchable, with HotSpot's messages; the test
// runs this with -Xmx256m on both VMs.
import java.util.ArrayList;
import java.util.List;

public class MemoryErrors {
    static int depth = 0;
    static void down() { depth++; down(); }
    static long downWithLocals(long a, double b) { depth++; return downWithLocals(a + 1, b * 2) + 1; }

    public static void main(String[] args) {
        try { long[] x = new long[Integer.MAX_VALUE]; System.out.println(x.length); } catch (OutOfMemoryError e) { System.out.println("MAX_VALUE: " + e.getMessage()); }
        try { byte[] x = new byte[Integer.MAX_VALUE - 1]; System.out.println(x.length); } catch (OutOfMemoryError e) { System.out.println("MAX_VALUE-1: " + e.getMessage()); }
        try { int[] x = new int[Integer.MAX_VALUE - 2]; System.out.println(x.length); } catch (OutOfMemoryError e) { System.out.println("MAX_VALUE-2: " + e.getMessage()); }
        try { Object[][] x = new Object[100000][100000]; System.out.println(x.length); } catch (OutOfMemoryError e) { System.out.println("multi: " + e.getMessage()); }
        try { down(); } catch (StackOverflowError e) { System.out.println("SOE caught, deep " + (depth > 1000) + ", message " + e.getMessage()); }
        depth = 0;
        try { downWithLocals(0, 1); } catch (StackOverflowError e) { System.out.println("SOE again, deep " + (depth > 1000)); }
        List<long[]> hog = new ArrayList<>();
        try {
            while (true) hog.add(new long[1 << 20]);
        } catch (OutOfMemoryError e) {
            int n = hog.size();
            hog = null;
            System.out.println("heap: " + e.getMessage() + ", allocated some " + (n > 4));
        }
        StringBuilder sb = new StringBuilder();
        try {
            while (true) sb.append(sb.length() == 0 ? "x" : sb);
        } catch (OutOfMemoryError e) {
            System.out.println("string growth: " + e.getClass().getName());
        }
        System.out.println("still running");
    }
}
