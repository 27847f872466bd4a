package dis.svc;

/** A service provider for the module descriptor's `provides` clause. */
public class Service implements Runnable {
    public void run() {}
}
