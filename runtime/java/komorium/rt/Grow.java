package komorium.rt;

/**
 * The runtime's per-level arrays grown (the thread context's wrapper levels, the saves of
 * {@link InitSites} and {@link PausedLevels}): {@code a = Grow.into(a, new int[n])} keeps
 * {@code a}'s elements in the new, longer array.
 *
 * <p>Runtime rule: calls no JDK method but the native {@code System.arraycopy}.
 */
final class Grow {
    private Grow() {}

    /** {@code b} holding the first {@code min(a.length, b.length)} elements of {@code a}. */
    static int[] into(int[] a, int[] b) {
        System.arraycopy(a, 0, b, 0, a.length < b.length ? a.length : b.length);
        return b;
    }

    /** The same for a boolean array. */
    static boolean[] into(boolean[] a, boolean[] b) {
        System.arraycopy(a, 0, b, 0, a.length < b.length ? a.length : b.length);
        return b;
    }

    /** The same for an array of references. */
    static <T> T[] into(T[] a, T[] b) {
        System.arraycopy(a, 0, b, 0, a.length < b.length ? a.length : b.length);
        return b;
    }
}
