import java.util.EnumMap;

// Lambdas of JDK classes that java's CDS archive holds as proxies (the class list's @lambda-proxy
// lines): String.split of a regex with \s links CharPredicates' ASCII_SPACE lambda. HotSpot takes
// that proxy from the archive; the embedded engine generated it with the ClassFile API inside the
// (uncounted) linkage, which initialised the ClassFile API's classes there. The first method
// accessor then (EnumMap's getEnumConstantsShared calls values() reflectively, a LambdaForm
// compiled with the ClassFile API) ran Opcode.<clinit> and others counted on HotSpot only.
public class ArchivedLambdas {
    enum Op { PUSH, ADD, MUL, PRINT }

    public static void main(String[] args) {
        String[] words = "push 2  push 3\tadd print".split("\\s+");
        EnumMap<Op, Integer> counts = new EnumMap<>(Op.class);
        for (String w : words) {
            for (Op op : Op.values()) if (op.name().equalsIgnoreCase(w)) counts.merge(op, 1, Integer::sum);
        }
        System.out.println(words.length + " " + counts);
    }
}
