import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Scanner;

// Command-line arguments (args.txt, one per line, including spaces and unicode) and
// token-based reading of stdin with Scanner (ints, doubles, words, hasNext checks), plus
// matrix input and a summary; arguments pick the mode and a scale factor.
public class Main {
    public static void main(String[] args) {
        System.out.println("argc " + args.length);
        for (int i = 0; i < args.length; i++) System.out.println("  arg[" + i + "] = <" + args[i] + "> length " + args[i].length());
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        Scanner sc = new Scanner(System.in).useLocale(Locale.ROOT);
        int rows = sc.nextInt(), cols = sc.nextInt();
        long[][] m = new long[rows][cols];
        for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) m[i][j] = sc.nextLong() * scale;
        for (long[] row : m) {
            long s = 0;
            for (long v : row) s += v;
            System.out.println(java.util.Arrays.toString(row) + " sum " + s);
        }
        double total = 0;
        int doubles = 0;
        while (sc.hasNextDouble()) { total += sc.nextDouble(); doubles++; }
        System.out.printf(Locale.ROOT, "%d doubles, total %.3f%n", doubles, total);
        List<String> words = new ArrayList<>();
        while (sc.hasNext()) {
            if (sc.hasNextInt()) { System.out.println("int token " + sc.nextInt()); continue; }
            words.add(sc.next());
        }
        System.out.println("words " + words);
        if (args.length > 1 && args[1].equals("--reverse")) {
            java.util.Collections.reverse(words);
            System.out.println("reversed " + words);
        }
    }
}
