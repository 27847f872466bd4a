// Class files the program deletes, rewrites or copies over at run time, before they are loaded:
// the application class loader must see the files as they are now (java reads the class path
// when a class is first loaded), not a copy the engine made or cached when the run started.
// Run from a fresh copy of the classes (the program changes them); the class directory is the
// first entry of java.class.path. With the argument "delete-only" only deletions are made (the
// HotSpot engine defines a rewritten class untransformed: docs/RUNTIME.md).
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;

public class Main {
    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(System.getProperty("java.class.path").split(":")[0]);

        // Deleted before first use: gone for new, Class.forName and getResource.
        Files.delete(dir.resolve("Gone.class"));
        try { System.out.println(new Gone()); } catch (Throwable e) { System.out.println("new Gone: " + e); }
        try { Class.forName("Gone"); } catch (Throwable e) { System.out.println("forName: " + e); }
        System.out.println("resource: " + Main.class.getResource("/Gone.class"));

        if (args.length > 0 && args[0].equals("delete-only")) {
            kept(dir);
            return;
        }

        // Rewritten in place (Files.write): the new bytes are loaded.
        Files.write(dir.resolve("Rewritten.class"), patch(Files.readAllBytes(dir.resolve("Rewritten.class"))));
        System.out.println("Rewritten.which() = " + Rewritten.which());

        // Replaced by Files.copy of another file.
        Path alt = dir.resolve("Copied.alt");
        Files.write(alt, patch(Files.readAllBytes(dir.resolve("Copied.class"))));
        Files.copy(alt, dir.resolve("Copied.class"), StandardCopyOption.REPLACE_EXISTING);
        System.out.println("Copied.which() = " + Copied.which());
        try { Files.copy(alt, dir.resolve("Copied.class")); } catch (FileAlreadyExistsException e) { System.out.println("copy again: " + e.getClass().getName()); }
        Files.copy(alt, dir.resolve("copy2.bin"), StandardCopyOption.COPY_ATTRIBUTES);
        System.out.println("copy2 same: " + (Files.mismatch(alt, dir.resolve("copy2.bin")) == -1) + " " + Files.size(dir.resolve("copy2.bin")));
        try { Files.copy(dir.resolve("missing.bin"), dir.resolve("copy3.bin")); } catch (NoSuchFileException e) { System.out.println("copy missing: " + e.getClass().getName()); }

        // Truncated: HotSpot's ClassFormatError.
        Files.write(dir.resolve("Truncated.class"), new byte[] {(byte) 0xca, (byte) 0xfe, (byte) 0xba});
        try { System.out.println(Truncated.x); } catch (Throwable e) { System.out.println("Truncated: " + e); }

        kept(dir);
    }

    /** A class loaded before its file is deleted stays loaded. */
    static void kept(Path dir) throws IOException {
        System.out.println("Kept: " + Kept.which());
        Files.delete(dir.resolve("Kept.class"));
        System.out.println("Kept again: " + Kept.which());
    }

    /** The bytes of a class whose which() returns "original", changed to return "REWRITE!". */
    static byte[] patch(byte[] b) {
        byte[] from = "original".getBytes(StandardCharsets.UTF_8), to = "REWRITE!".getBytes(StandardCharsets.UTF_8);
        outer:
        for (int i = 0; i + from.length <= b.length; i++) {
            for (int j = 0; j < from.length; j++) if (b[i + j] != from[j]) continue outer;
            System.arraycopy(to, 0, b, i, to.length);
            return b;
        }
        throw new IllegalStateException("no constant to patch");
    }
}

class Gone { public String toString() { return "still here"; } }
class Rewritten { static String which() { return "original"; } }
class Copied { static String which() { return "original"; } }
class Truncated { static int x = 5; }
class Kept { static String which() { return "kept"; } }
