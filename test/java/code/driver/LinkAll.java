package driver;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads and links (hence verifies, under -Xverify:all) every class named in the file args[0],
 * one binary name per line, through the boot loader ("boot") or the system loader ("app", args[1]).
 * Class.forName(name, false, loader) only loads; getDeclaredMethods() links the class first
 * (HotSpot's JVM_GetClassDeclaredMethods calls link_class), which runs the verifier without
 * running static initialisers. Prints "FAIL name: error" per failure and "LINKED n" at the end.
 */
public class LinkAll {
  public static void main(String[] args) throws Exception {
    List<String> names = Files.readAllLines(Path.of(args[0]));
    ClassLoader loader = args.length > 1 && args[1].equals("app") ? ClassLoader.getSystemClassLoader() : null;
    int linked = 0;
    for (String n : names) {
      if (n.isEmpty()) continue;
      try {
        Class<?> c = Class.forName(n, false, loader);
        c.getDeclaredMethods();
        linked++;
      } catch (Throwable t) {
        String msg = String.valueOf(t).replace('\n', ' ');
        System.out.println("FAIL " + n + ": " + (msg.length() > 400 ? msg.substring(0, 400) : msg));
      }
    }
    System.out.println("LINKED " + linked);
  }
}
