// String concatenation of every kind of argument (issue 15): on JDK 17 HotSpot runs it through
// the method handles of StringConcatFactory (StringConcatHelper's mix, prepend, newArray,
// newString, stringOf, simpleConcat), and the embedded engine calls the same methods, so with
// the JDK instrumented both count the same bytecodes under main. No string switch, no literal
// hash keys, and the classes main uses are resolved by the static initialiser (CDS-archived
// strings and the class loader's lock map differ between the engines: docs/RUNTIME.md).
public class Concat {
    static {
        // Resolves (loads through the application class loader) what main uses.
        String w = "w" + 1 + 'c' + true + 1L + 1.5f + 0.5 + (Object) null + new StringBuilder().append(2) + Integer.valueOf(3);
        System.out.print(w.isEmpty() ? "?" : "");
    }

    public static void main(String[] args) {
        int i = -42;
        long l = 1L << 40;
        char c = 'x';
        char u = '\u20ac';
        boolean z = true;
        byte b = -7;
        short s = 300;
        float f = 1.5f;
        double d = -0.1;
        String str = "str";
        String nul = null;
        Object o = Integer.valueOf(17);
        StringBuilder sb = new StringBuilder("sb");
        System.out.println("i=" + i + " l=" + l + " c=" + c + " z=" + z + " b=" + b + " s=" + s);
        System.out.println("f=" + f + " d=" + d + " str=" + str + " null=" + nul + " o=" + o + " sb=" + sb);
        System.out.println(str + o);
        System.out.println(str + "!");
        System.out.println("!" + str);
        System.out.println("" + i);
        System.out.println(i + "");
        System.out.println(o + "");
        System.out.println("euro " + u + " " + i + " caf\u00e9 " + str);
        System.out.println(i + l + "=" + (i + l) + c + u + z + "\u20ac");
        // One argument between constants, one constant beside a primitive, a lone primitive.
        System.out.println("[" + i + "]" + ("<" + str + ">") + ("(" + o + ")") + ("{" + u + "}"));
        System.out.println(c + "!");
        System.out.println("f" + f);
        System.out.println(d + "");
        System.out.println("" + z + ("" + c) + (b + "b") + (nul + "") + ("x" + nul) + (s + "\u20ac"));
        long sum = 0;
        StringBuilder all = new StringBuilder();
        for (int k = 0; k < 200; k++) {
            String t = "k" + k + ":" + (k * l) + "/" + (k % 7 == 0) + "," + (char) ('a' + k % 26);
            sum += t.length();
            if (k % 50 == 0) all.append(t).append(' ');
        }
        System.out.println(sum + " " + all);
    }
}
