import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;

// try-with-resources: close order, exceptions in body and close (suppressed), null resources,
// resources declared outside (Java 9 form), printStackTrace with "Suppressed:" sections.
public class Main {
    static class Res implements AutoCloseable {
        final String name;
        final boolean failOnClose;
        Res(String name, boolean failOnClose) {
            this.name = name;
            this.failOnClose = failOnClose;
            System.out.println("open " + name);
        }
        void use(boolean fail) {
            System.out.println("use " + name);
            if (fail) throw new IllegalStateException("use failed: " + name);
        }
        @Override public void close() {
            System.out.println("close " + name);
            if (failOnClose) throw new IllegalArgumentException("close failed: " + name);
        }
    }

    static void scenario(int n, boolean useFails, boolean closeAFails, boolean closeBFails) {
        System.out.println("-- scenario " + n);
        try (Res a = new Res("A" + n, closeAFails); Res b = new Res("B" + n, closeBFails)) {
            a.use(false);
            b.use(useFails);
        } catch (RuntimeException e) {
            System.out.println("caught " + e.getMessage());
            for (Throwable s : e.getSuppressed()) System.out.println("  suppressed " + s.getMessage());
            if (n == 4) e.printStackTrace(System.out);
        } finally {
            System.out.println("finally " + n);
        }
    }

    public static void main(String[] args) throws IOException {
        scenario(1, false, false, false);
        scenario(2, true, false, false);
        scenario(3, false, true, false);
        scenario(4, true, true, true);
        try (Res nothing = null) {
            System.out.println("null resource ok " + (nothing == null));
        }
        Res outer = new Res("outer", false);
        try (outer) {
            outer.use(false);
        }
        try (BufferedReader r = new BufferedReader(new StringReader("l1\nl2\nl3"))) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) System.out.println(++n + ": " + line);
        }
        try (Res x = new Res("X", true)) {
            x.use(true);
        } catch (IllegalStateException e) {
            e.printStackTrace();
        }
    }
}
