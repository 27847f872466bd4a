// The profile writer waits for a context's monitor: a daemon thread holds its own context's
// monitor (komorium.rt.TC, through reflection) half of the time, so the writer at shutdown finds
// it taken and waits for it (the Java writer's `synchronized (tc)`, the embedded engine's native
// render blocking on it the same way). Run with the virtual clock (the sleeps deterministic).
public class PwHold {
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        Object tcOfMain = Class.forName("komorium.rt.TC").getMethod("getTC").invoke(null);
        Thread holder = new Thread(() -> {
            try {
                Object tc = Class.forName("komorium.rt.TC").getMethod("getTC").invoke(null);
                for (;;) {
                    synchronized (tc) {
                        Thread.sleep(5);
                    }
                    Thread.sleep(5);
                }
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, "holder");
        holder.setDaemon(true);
        holder.start();
        // Ends while the holder holds its context's monitor (virtual ms 10-15).
        Thread.sleep(Integer.parseInt(args[0]));
        System.out.println("main ends " + (tcOfMain != null));
    }
}
