import java.nio.charset.Charset;
import java.text.DateFormat;
import java.text.NumberFormat;
import java.util.Date;
import java.util.Locale;
import java.util.TimeZone;

/** What a program sees of the host locale: properties, default locales, charset, formats, output bytes. */
public class Locales {
    public static void main(String[] args) {
        String[] keys = {"user.language", "user.country", "user.script", "user.variant", "user.language.format", "user.country.format",
            "file.encoding", "native.encoding", "sun.jnu.encoding", "stdout.encoding", "sun.stdout.encoding"};
        for (String k : keys) System.out.println(k + "=" + System.getProperty(k));
        System.out.println("default=" + Locale.getDefault());
        System.out.println("format=" + Locale.getDefault(Locale.Category.FORMAT));
        System.out.println("display=" + Locale.getDefault(Locale.Category.DISPLAY));
        System.out.println("charset=" + Charset.defaultCharset());
        System.out.println("currency=" + NumberFormat.getCurrencyInstance().format(1234.5));
        System.out.println("number=" + String.format("%,.2f", 1234567.891));
        DateFormat df = DateFormat.getDateTimeInstance(DateFormat.LONG, DateFormat.LONG);
        df.setTimeZone(TimeZone.getTimeZone("UTC"));
        System.out.println("date=" + df.format(new Date(86_400_000L * 400)));
        System.out.println("text=h\u00e9llo w\u00f6rld \u2713 \u20ac");
    }
}
