package komorium.rt;

/** A copy of a creator's stack and lines at a Thread.start() call. */
final class StackSnapshot {
    final MID[] stack;
    final int[] lines;
    final int sp;

    StackSnapshot(MID[] stack, int[] lines, int sp) {
        MID[] s = new MID[sp];
        System.arraycopy(stack, 0, s, 0, sp);
        int[] l = new int[sp + 1];
        System.arraycopy(lines, 0, l, 0, lines.length < sp + 1 ? lines.length : sp + 1);
        this.stack = s;
        this.lines = l;
        this.sp = sp;
    }
}
