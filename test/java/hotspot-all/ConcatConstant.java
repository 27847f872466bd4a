// A concatenation's constant as JDK 17's StringConcatFactory binds it (branch st16r): for
// `s + ".suffix"` with one argument the factory binds simpleConcat to a new String of its recipe
// (parseRecipe's StringBuilder: hash 0), not to the interned literal, and simpleConcat("", c)
// returns `new String(c)`, which copies c's hash. So `("" + c).hashCode()` computes the hash on
// HotSpot even where the literal's is known; the embedded engine's concat loaded the literal (its
// hash computed here first, or by the CDS emulation for JDK classes' literals: LogManager's
// `name + ".level"` for the root logger), and counted no String.hashCode there.
public class ConcatConstant {
    public static void main(String[] args) {
        int h = ".suffix-of-a-key".hashCode();
        String empty = args.length > 0 ? args[0] : "";
        for (int i = 0; i < 3; i++) {
            String k = empty + ".suffix-of-a-key";
            h += k.hashCode();
        }
        System.out.println(h);
    }
}
