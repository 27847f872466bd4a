// Huge arrays on the embedded engine (test/unit/interp-memory.test.ts): allocations near and
// beyond -Xmx behave as on HotSpot with the same -Xmx, and a run that allocates without end
// can be stopped.
package mem;

import java.util.ArrayList;
import java.util.List;

public class Huge {
    public static void main(String[] args) {
        switch (args[0]) {
            case "huge": { // -Xmx1g
                long sum = 0;
                for (int i = 0; i < 8; i++) {
                    // Two at a time: the previous array is still in the local while the next one is made.
                    long[] a = new long[50_000_000];
                    a[i] = Long.MIN_VALUE + i;
                    a[a.length - 1 - i] = (1L << 53) + i;
                    a[1000 + i] = -i;
                    sum += a[i] + a[a.length - 1 - i] + a[1000 + i] + a[2000] + a.length;
                }
                System.out.println("eight long[50M]: " + sum);
                try {
                    long[] a = new long[150_000_000];
                    System.out.println("long[150M]: " + a.length);
                } catch (OutOfMemoryError e) {
                    System.out.println("long[150M]: caught " + e.getMessage());
                }
                try {
                    Object[] a = new Object[300_000_000];
                    System.out.println("Object[300M]: " + a.length);
                } catch (OutOfMemoryError e) {
                    System.out.println("Object[300M]: caught " + e.getMessage());
                }
                List<long[]> keep = new ArrayList<>();
                try {
                    while (true) keep.add(new long[10_000_000]);
                } catch (OutOfMemoryError e) {
                    int n = keep.size();
                    keep = null;
                    System.out.println("kept long[10M] arrays: more than 4: " + (n > 4) + ", caught " + e.getMessage());
                }
                long[] b = new long[3];
                long[] c = b.clone();
                c[1] = Long.MAX_VALUE;
                System.arraycopy(c, 1, b, 0, 2);
                System.out.println("still running " + b[0] + " " + b[1] + " " + java.lang.reflect.Array.get(c, 1));
                break;
            }
            case "heap64": { // -Xmx64m
                byte[] a = new byte[40 << 20];
                a[a.length - 1] = 1;
                System.out.println("byte[40 MB]: " + a.length);
                a = null;
                long[] b = new long[5 << 20];
                System.out.println("long[5M] (40 MB): " + b.length);
                b = null;
                try {
                    int[] c = new int[20 << 20];
                    System.out.println("int[20M] (80 MB): " + c.length);
                } catch (OutOfMemoryError e) {
                    System.out.println("int[20M] (80 MB): caught " + e.getMessage());
                }
                break;
            }
            case "hog": { // allocates huge arrays until stopped
                System.out.println("hogging");
                long n = 0;
                while (true) {
                    long[] a = new long[100_000_000];
                    Object[] o = new Object[50_000_000];
                    n += a.length + o.length;
                }
            }
            default:
                System.exit(2);
        }
    }
}
