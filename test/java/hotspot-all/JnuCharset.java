import java.nio.charset.Charset;

// The platform encoding (sun.jnu.encoding) looked up by name: JDK 25's libjava looks it up with
// Charset.forName on a String of its own before the system properties exist (jni_util.c,
// InitializeEncoding), so Charset's one-entry cache holds that String, not the property's, and
// every later lookup by the property's value compares two equal Strings. The launcher's
// makePlatformString (one per program argument) and this program's decoding by name do that.
public class JnuCharset {
    public static void main(String[] args) throws Exception {
        String jnu = System.getProperty("sun.jnu.encoding");
        long sum = 0;
        for (String a : args) {
            byte[] b = a.getBytes(jnu);
            for (int r = 0; r < 50; r++) sum += new String(b, jnu).hashCode() + (Charset.isSupported(jnu) ? r : 0);
        }
        System.out.println(args.length + " " + sum + " " + Charset.forName(jnu).name().length());
    }
}
