import java.lang.reflect.Field;
import java.util.regex.Pattern;
import sun.misc.Unsafe;

/**
 * Names of lambda sites whose proxies java 17's CDS archive holds (issue 15 item 2, branch j17r).
 * HotSpot's LambdaProxyClassArchive.find returns the archived proxy; the embedded engine reports
 * no sharing on JDK 17, so the JDK spins the proxy (ASM, in the linkage neither engine counts),
 * whose SymbolTable hashed the interned interface-method name, `"is"` of Pattern's
 * CharPredicate. Later Java code that hashes an equal interned string (BaseLocale.hashCode of
 * Icelandic's tag in string-format) then counted String.hashCode on HotSpot only. Prints the
 * stored `hash` of the interned names (read through sun.misc.Unsafe: 0 when not computed yet)
 * after a regular expression's predicates are linked, then hashes one.
 */
public class ArchivedLambdaNames {
  public static void main(String[] args) throws Exception {
    Field f = Unsafe.class.getDeclaredField("theUnsafe");
    f.setAccessible(true);
    Unsafe u = (Unsafe) f.get(null);
    long hash = u.objectFieldOffset(String.class.getDeclaredField("hash"));
    System.out.println(Pattern.compile("x[0-9]+y|z").matcher("x42y").matches());
    for (String s : new String[] { "is", "union" }) System.out.println(s + " hash " + u.getInt(s, hash));
    System.out.println("is".hashCode());
  }
}
