import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

// Strings interned at run time, then hashed (as java.security.Provider's ServiceKey does with
// its upper-cased algorithm names). On JDK 25 HotSpot's String.intern() stores the argument's
// hash (java_lang_String::hash_code), so the later hashCode() calls return the stored field; on
// JDK 17 it does not. The embedded engine computed each hash in Java on JDK 25 (under main:
// String.hashCode, StringLatin1.hashCode, ArraysSupport's loops on the embedded engine only).
public class InternHash {
    public static void main(String[] args) {
        String[] names = { "sha-256", "md5", "SHA-1", "hmacSHA512", "pbkdf2withhmacsha256", "", "\u00e9t\u00e9", "\u4e00\u4e01x" };
        Map<String, Integer> seen = new HashMap<>();
        long sum = 0;
        for (int round = 0; round < 40; round++) {
            for (String n : names) {
                String k = (round % 2 == 0 ? n : n + round).toUpperCase(Locale.ENGLISH).intern();
                seen.merge(k, 1, Integer::sum);
                sum += k.hashCode();
            }
        }
        // A literal interned again: the table's entry is the literal itself.
        String lit = "Literal".intern();
        sum += lit.hashCode();
        System.out.println(seen.size() + " " + sum);
    }
}
