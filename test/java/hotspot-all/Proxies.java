import java.lang.reflect.Proxy;

// A java.lang.reflect.Proxy whose handler is a lambda (issue 15): HotSpot's instrumented copy
// instruments only the classes transformed ahead (the JDK image's, the class path's), so the
// proxy class made at run time runs uninstrumented there and the handler's work is under main
// directly. The embedded engine must leave it uninstrumented too (it instrumented it: $Proxy0
// frames, and the proxy's calls counted as its own).
public class Proxies {
  interface Counter {
    int next(int x);
  }

  public static void main(String[] args) {
    int[] calls = {0};
    Counter c = (Counter) Proxy.newProxyInstance(Proxies.class.getClassLoader(), new Class<?>[] {Counter.class}, (proxy, method, a) -> {
      calls[0]++;
      return ((Integer) a[0]) + 1;
    });
    int x = 0;
    for (int i = 0; i < 50; i++) x = c.next(x);
    System.out.println(x + " " + calls[0]);
  }
}
