import java.io.File;
import java.net.URL;
import java.nio.file.Paths;
import java.util.TreeSet;

/**
 * Boot snapshot test: another program than the one whose boot was saved (class path of two
 * relative entries, working directory, arguments, a -D property). What it prints depends on
 * all of them being applied after the restore as the boot would have.
 */
public class SnapOther {
    public static void main(String[] args) throws Exception {
        System.out.println("cp " + System.getProperty("java.class.path"));
        System.out.println("dir " + System.getProperty("user.dir"));
        System.out.println("command " + System.getProperty("sun.java.command"));
        System.out.println("prop " + System.getProperty("snap.other") + " " + System.getProperty("snap.only.first"));
        System.out.println("file " + new File("rel/x.txt").getAbsolutePath());
        System.out.println("canonical " + new File("lib").getCanonicalPath());
        System.out.println("path " + Paths.get("rel").toAbsolutePath());
        // A class of the second class-path entry, through the application class loader.
        Class<?> c = Class.forName("SnapMain$Box");
        System.out.println("loaded " + c.getName() + " by " + (c.getClassLoader() == ClassLoader.getSystemClassLoader()));
        URL u = ClassLoader.getSystemResource("SnapMain.class");
        System.out.println("resource " + (u == null ? null : u.getProtocol() + " " + u.getPath().endsWith("/lib/SnapMain.class")));
        TreeSet<String> names = new TreeSet<>(System.getProperties().stringPropertyNames());
        System.out.println("properties " + names.size() + " " + names.contains("snap.only.first"));
        Object o = new Object();
        System.out.println("hash " + Integer.toHexString(o.hashCode()) + " args " + String.join(",", args));
        long sum = 0;
        for (int i = 0; i < 100000; i++) sum += i % 7;
        System.out.println("sum " + sum);
    }
}
