package komorium.rt;

import java.util.ArrayList;
import java.util.Comparator;

/**
 * A stable merge sort of the runtime's own, for the profile writer: {@code Collections.sort}
 * and {@code Arrays.sort} initialise JDK classes ({@code Arrays$LegacyMergeSort}, {@code TimSort},
 * {@code ComparableTimSort}) whose initialisers, with the JDK instrumented, the program counts
 * when it sorts first. The live-snapshot thread initialised them at a moment set by the clock,
 * so a live run counted fewer bytecodes than the same run without live snapshots
 * (docs/RUNTIME.md, "Live snapshots"). Stable, like the sorts it replaces, so the order is the
 * same.
 */
final class Sort {
    private Sort() {}

    /** Sorts {@code list} in place by {@code c}, stably. */
    static <T> void sort(ArrayList<T> list, Comparator<? super T> c) {
        int n = list.size();
        if (n < 2) return;
        Object[] a = new Object[n];
        for (int i = 0; i < n; i++) a[i] = list.get(i);
        sort(a, c);
        for (int i = 0; i < n; i++) {
            @SuppressWarnings("unchecked")
            T x = (T) a[i];
            list.set(i, x);
        }
    }

    /** Sorts {@code a} in place in {@code String.compareTo} order. */
    static void sortStrings(String[] a) {
        sort(a, new Comparator<String>() {
            public int compare(String x, String y) {
                return x.compareTo(y);
            }
        });
    }

    /** Bottom-up merge sort of {@code a} by {@code c}: stable (an equal element keeps its place). */
    @SuppressWarnings("unchecked")
    private static <T> void sort(Object[] a, Comparator<? super T> c) {
        int n = a.length;
        Object[] tmp = new Object[n];
        for (int w = 1; w < n; w *= 2) {
            for (int lo = 0; lo < n - w; lo += 2 * w) {
                int mid = lo + w;
                int hi = mid + w < n ? mid + w : n;
                int i = lo, j = mid, k = lo;
                while (i < mid && j < hi) tmp[k++] = c.compare((T) a[j], (T) a[i]) < 0 ? a[j++] : a[i++];
                while (i < mid) tmp[k++] = a[i++];
                while (j < hi) tmp[k++] = a[j++];
                System.arraycopy(tmp, lo, a, lo, hi - lo);
            }
        }
    }
}
