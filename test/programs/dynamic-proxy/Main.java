import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

// java.lang.reflect.Proxy: user interfaces implemented by generated proxy classes (not
// instrumented), called from user code; a logging decorator around a real implementation;
// default methods invoked through InvocationHandler.invokeDefault; exceptions thrown
// by the handler (declared and undeclared -> UndeclaredThrowableException); Object methods.
public class Main {
    interface Repo {
        String find(int id) throws java.io.IOException;
        int count();
        default String describe() { return "repo with " + count() + " items"; }
    }

    static class ListRepo implements Repo {
        final List<String> items = new ArrayList<>(List.of("zero", "one", "two"));
        public String find(int id) throws java.io.IOException {
            if (id < 0) throw new java.io.IOException("negative id " + id);
            return items.get(id);
        }
        public int count() { return items.size(); }
    }

    static final List<String> LOG = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        Repo real = new ListRepo();
        InvocationHandler logging = (proxy, method, margs) -> {
            LOG.add(method.getName() + (margs == null ? "()" : java.util.Arrays.toString(margs)));
            if (method.isDefault()) return InvocationHandler.invokeDefault(proxy, method, margs);
            if (method.getName().equals("toString")) return "LoggingProxy";
            if (method.getName().equals("hashCode")) return 1234;
            if (method.getName().equals("equals")) return proxy == margs[0];
            try {
                return method.invoke(real, margs);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            }
        };
        Repo repo = (Repo) Proxy.newProxyInstance(Main.class.getClassLoader(), new Class<?>[] {Repo.class}, logging);
        System.out.println(repo.find(1) + " " + repo.count() + " " + repo.describe());
        try {
            repo.find(-1);
        } catch (java.io.IOException e) {
            System.out.println("declared exception passed through: " + e.getMessage());
        }
        try {
            repo.find(10);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("runtime exception passed through: " + e.getMessage());
        }
        System.out.println(repo + " " + repo.hashCode() + " " + repo.equals(repo) + " " + Proxy.isProxyClass(repo.getClass()));
        System.out.println(LOG);
        Repo failing = (Repo) Proxy.newProxyInstance(Main.class.getClassLoader(), new Class<?>[] {Repo.class}, (p, m, a) -> {
            if (m.getName().equals("count")) throw new Exception("checked, undeclared");
            throw new java.io.IOException("declared");
        });
        try {
            failing.count();
        } catch (java.lang.reflect.UndeclaredThrowableException e) {
            System.out.println("undeclared: " + e.getCause().getMessage());
        }
        try {
            failing.find(0);
        } catch (java.io.IOException e) {
            System.out.println("declared from handler: " + e.getMessage());
        }
        Runnable r = (Runnable) Proxy.newProxyInstance(Runnable.class.getClassLoader(), new Class<?>[] {Runnable.class}, (p, m, a) -> {
            System.out.println("proxied " + m.getDeclaringClass().getSimpleName() + "." + m.getName());
            return null;
        });
        r.run();
        Thread t = new Thread(r);
        t.start();
        t.join();
        Comparable<String> cmp = (Comparable<String>) Proxy.newProxyInstance(Main.class.getClassLoader(), new Class<?>[] {Comparable.class}, (p, m, a) -> ((String) a[0]).length());
        System.out.println("proxy comparable " + cmp.compareTo("four"));
    }
}
