// Class loaders of the program's own on the HotSpot engine: one that defines classes from the
// class files itself and delegates only java.* names (it cannot resolve komorium.rt.TC, so its
// classes must run as given, not fail with NoClassDefFoundError: komorium/rt/TC), and a
// child-first one that reads class files as resources of its parent (it must not find, and
// define its own copy of, the runtime). Output must equal plain java's.
import java.io.*;
import java.nio.file.*;
import java.util.function.Supplier;
public class Main {
    /** Defines classes from files under dir itself; delegates only java.* names. */
    static class Isolating extends ClassLoader {
        final Path dir;
        Isolating(Path dir) { super(null); this.dir = dir; }
        @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) return c;
                if (name.startsWith("java.")) return getPlatformClassLoader().loadClass(name);
                Path p = dir.resolve(name.replace('.', '/') + ".class");
                try {
                    byte[] b = Files.readAllBytes(p);
                    return defineClass(name, b, 0, b.length);
                } catch (IOException e) { throw new ClassNotFoundException(name); }
            }
        }
    }
    /** Child first: reads bytes through the parent's resources, defines them itself, else delegates. */
    static class ChildFirst extends ClassLoader {
        ChildFirst(ClassLoader parent) { super(parent); }
        @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) return c;
                if (!name.startsWith("java.")) {
                    try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                        if (in != null) { byte[] b = in.readAllBytes(); return defineClass(name, b, 0, b.length); }
                    } catch (IOException e) { throw new ClassNotFoundException(name, e); }
                }
                return super.loadClass(name, resolve);
            }
        }
    }
    public static void main(String[] a) throws Exception {
        Path dir = Paths.get(System.getProperty("java.class.path").split(":")[0]);
        for (ClassLoader l : new ClassLoader[] { new Isolating(dir), new ChildFirst(Main.class.getClassLoader()) }) {
            String n = l.getClass().getSimpleName();
            try {
                @SuppressWarnings("unchecked")
                Supplier<String> s = (Supplier<String>) l.loadClass("plug.Plugin").getDeclaredConstructor().newInstance();
                System.out.println(n + ": " + s.get());
            } catch (Throwable e) { System.out.println(n + " failed: " + e); }
        }
        System.out.println("java.class.path=" + System.getProperty("java.class.path"));
        System.out.println("TC resource=" + ClassLoader.getSystemResource("komorium/rt/TC.class"));
    }
}
