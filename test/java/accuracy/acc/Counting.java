package acc;

/**
 * δb in scope all (cli-accuracy test): loops, calls, objects and arrays, about 2 M bytecodes,
 * printed without string concatenation.
 */
public class Counting {
    static final class Cell {
        long v;

        Cell(long v) {
            this.v = v;
        }
    }

    static long mix(long x) {
        return (x * 31 + 7) % 1_000_003;
    }

    public static void main(String[] args) {
        long sum = 0;
        Cell[] cells = new Cell[64];
        for (int i = 0; i < 40_000; i++) {
            Cell c = new Cell(mix(i));
            cells[i & 63] = c;
            sum += c.v & 3;
        }
        for (Cell c : cells) sum += c.v;
        System.out.println(sum);
    }
}
