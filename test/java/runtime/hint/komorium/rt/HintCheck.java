package komorium.rt;

/**
 * The first hint of TC.getTC (Contexts.last) comes back to a thread that lost it (test/unit/
 * runtime-context-hint.test.ts): the main thread makes its context, another thread makes its
 * own (and so takes the hint) and asks for it many times; then the main thread asks for its
 * context HINT_PERIOD + 1 times, which finds it among the recent contexts, and must hold the
 * first hint again.
 */
public final class HintCheck {
    public static void main(String[] args) throws Exception {
        final TC mine = TC.getTC();
        Thread other = new Thread(new Runnable() {
            public void run() {
                TC c = TC.getTC();
                for (int i = 0; i < 3 * Contexts.HINT_PERIOD; i++) if (TC.getTC() != c) throw new AssertionError("other: another context");
            }
        }, "other");
        other.start();
        other.join();
        System.out.println("lost " + (Contexts.last != mine));
        for (int i = 0; i <= Contexts.HINT_PERIOD; i++) if (TC.getTC() != mine) throw new AssertionError("main: another context");
        System.out.println("regained " + (Contexts.last == mine && Contexts.lastThread == Thread.currentThread()));
    }
}
