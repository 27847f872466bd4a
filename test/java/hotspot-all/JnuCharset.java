import java.nio.charset.Charset;

/**
 * Looks the platform's encoding (sun.jnu.encoding) up as a Charset, as sun.nio.fs.Util.<clinit>
 * does: Charset's one-entry cache answers, by String.equals of the name against the String the
 * first lookup of the process cached. On JDK 25 that first lookup is libjava's (InitializeEncoding,
 * a String of its own), so equals compares the two names' contents.
 */
public class JnuCharset {
    public static void main(String[] args) {
        String name = System.getProperty("sun.jnu.encoding");
        int found = 0;
        for (int i = 0; i < 100; i++) {
            if (Charset.isSupported(name)) found++;
            if (Charset.forName(name).name().length() > 0) found++;
        }
        System.out.println(Charset.forName(name).name() + " " + found);
    }
}
