package cpview;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a program sees of its own class path (test/unit/hotspot-classpath.test.ts): the
 * java.class.path property, its own resources, its command line from "-cp" on, and classes of
 * its class path defined by class loaders that do not delegate to the application loader. On
 * the HotSpot engine all of it must print what plain java prints.
 */
public class Main {
    /**
     * Loads cpview.* itself, from the bytes the application loader's resources hold (from a
     * byte[] or a direct ByteBuffer); the rest from the boot loader.
     */
    static final class Copying extends ClassLoader {
        private final boolean direct;

        Copying(boolean direct) {
            super(null);
            this.direct = direct;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null && name.startsWith("cpview.")) {
                    byte[] b;
                    try (InputStream in = ClassLoader.getSystemResourceAsStream(name.replace('.', '/') + ".class")) {
                        if (in == null) throw new ClassNotFoundException(name);
                        b = in.readAllBytes();
                    } catch (java.io.IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                    if (direct) {
                        ByteBuffer bb = ByteBuffer.allocateDirect(b.length);
                        bb.put(b).flip();
                        c = defineClass(name, bb, null);
                    } else {
                        c = defineClass(name, b, 0, b.length);
                    }
                }
                if (c == null) c = super.loadClass(name, false);
                return c;
            }
        }
    }

    static String read(URL u) throws Exception {
        try (InputStream in = u.openStream()) {
            return new String(in.readAllBytes(), "UTF-8").trim();
        }
    }

    @SuppressWarnings("unchecked")
    static void plugin(String how, ClassLoader loader) throws Exception {
        Class<?> c = loader.loadClass("cpview.Plugin");
        Supplier<String> s = (Supplier<String>) c.getDeclaredConstructor().newInstance();
        System.out.println(how + ": " + s.get() + " (own class: " + (c != Plugin.class) + ", loader: " + (c.getClassLoader() == loader)
            + ", methods: " + c.getDeclaredMethods().length + ")");
    }

    public static void main(String[] args) throws Exception {
        String cp = System.getProperty("java.class.path");
        System.out.println("java.class.path=" + cp);
        URL data = Main.class.getResource("data.txt");
        System.out.println("resource: " + data.getProtocol() + " " + data.getPath() + " = " + read(data));
        URL self = Main.class.getResource("Main.class");
        System.out.println("own class file: " + self.getProtocol() + " " + self.getPath());
        System.out.println("plugin class file: " + Plugin.class.getResource("Plugin.class").getPath());
        System.out.println("runtime resource: " + ClassLoader.getSystemResource("komorium/rt/TC.class"));
        ProcessHandle.Info info = ProcessHandle.current().info();
        System.out.println("arguments: " + info.arguments().map(Arrays::asList).orElse(new ArrayList<>()));
        System.out.println("command line: " + info.commandLine().orElse("?"));
        System.out.println("command: " + info.command().orElse("?"));
        System.out.println("app: " + new Plugin().get());
        plugin("copying loader", new Copying(false));
        plugin("copying loader, direct buffer", new Copying(true));
        List<URL> urls = new ArrayList<>();
        for (String e : cp.split(File.pathSeparator)) urls.add(new File(e).toURI().toURL());
        try (URLClassLoader u = new URLClassLoader(urls.toArray(new URL[0]), null)) {
            plugin("isolated URLClassLoader", u);
        }
    }
}
