import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Proxies for many interface lists (issue 15 item 2, interface-dispatch): each list is a key
 * (`AbstractClassLoaderValue.Sub`) of the application loader's ClassLoaderValue map, hashed from
 * the interfaces' mirrors and `Proxy`'s own ClassLoaderValue, in the bins of the map's first
 * keys, the two ClassLoaderValues the JDK's boot hashes. java draws those two on the main
 * thread before main; the embedded engine drew them from a sequence of its own, so the proxies'
 * `computeIfAbsent` found other bins taken (a collision on one engine only) and counted other
 * work. No lambda here: the handler is a class.
 */
public class LoaderValueBins {
  interface A { int a(); }
  interface B { int b(); }
  interface C { int c(); }
  interface D { int d(); }
  interface E { int e(); }
  interface F { int f(); }

  static final class Handler implements InvocationHandler {
    public Object invoke(Object p, Method m, Object[] args) {
      return m.getName().length();
    }
  }

  public static void main(String[] args) {
    Class<?>[] all = {A.class, B.class, C.class, D.class, E.class, F.class};
    Handler h = new Handler();
    int n = 0;
    int sum = 0;
    for (int i = 0; i < all.length; i++) {
      for (int j = 0; j < all.length; j++) {
        if (i == j) continue;
        Object p = Proxy.newProxyInstance(LoaderValueBins.class.getClassLoader(), new Class<?>[] {all[i], all[j]}, h);
        sum += ((A.class.isInstance(p)) ? ((A) p).a() : 0) + p.getClass().getInterfaces().length;
        n++;
      }
    }
    // The same lists again: found in the map.
    for (int i = 0; i < all.length; i++) {
      Object p = Proxy.newProxyInstance(LoaderValueBins.class.getClassLoader(), new Class<?>[] {all[i], all[(i + 1) % all.length]}, h);
      sum += p.getClass().getInterfaces().length;
    }
    System.out.println(n + " proxies, " + sum);
  }
}
