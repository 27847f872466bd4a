package dis;

/** tableswitch, lookupswitch, string and enum switches. */
public class Switches {
    enum Color { RED, GREEN, BLUE }

    static int table(int x) {
        switch (x) {
            case 0: return 10;
            case 1: return 11;
            case 2: return 12;
            case 4: return 14;
            case 5: return 15;
            default: return -1;
        }
    }

    static int negativeTable(int x) {
        switch (x) {
            case -3: return 1;
            case -2: return 2;
            case -1: return 3;
            case 0: return 4;
            default: return 0;
        }
    }

    static int lookup(int x) {
        switch (x) {
            case -1000000: return 1;
            case 7: return 2;
            case 1000: return 3;
            case Integer.MAX_VALUE: return 4;
            case Integer.MIN_VALUE: return 5;
            default: return 0;
        }
    }

    static int strings(String s) {
        switch (s) {
            case "alpha": return 1;
            case "beta": return 2;
            case "Aa": return 3;
            case "BB": return 4;
            default: return 0;
        }
    }

    static int colors(Color c) {
        switch (c) {
            case RED: return 1;
            case GREEN: return 2;
            default: return 3;
        }
    }

    static String arrow(int x) {
        return switch (x) {
            case 1, 2, 3 -> "small";
            case 100 -> "big";
            default -> {
                String s = "other" + x;
                yield s;
            }
        };
    }
}
