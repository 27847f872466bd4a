// Big tableswitch and lookupswitch: dense ranges with negative bases, sparse keys (large
// gaps, MIN/MAX values), char and byte selectors, nested switches, switch expressions on ints,
// fallthrough chains, and switches inside loops.
public class Main {
    static int dense(int x) {
        switch (x) {
            case -3: return 103; case -2: return 102; case -1: return 101; case 0: return 100;
            case 1: return 11; case 2: return 12; case 3: return 13; case 4: return 14; case 5: return 15;
            case 6: return 16; case 7: return 17; case 8: return 18; case 9: return 19; case 10: return 20;
            case 11: return 21; case 12: return 22; case 13: return 23; case 14: return 24; case 15: return 25;
            case 16: return 26; case 17: return 27; case 18: return 28; case 19: return 29; case 20: return 30;
            case 21: return 31; case 22: return 32; case 23: return 33; case 24: return 34; case 25: return 35;
            case 26: return 36; case 27: return 37; case 28: return 38; case 29: return 39; case 30: return 40;
            case 32: return 42; case 33: return 43; case 35: return 45; case 40: return 50;
            default: return -1;
        }
    }

    static String sparse(int x) {
        switch (x) {
            case Integer.MIN_VALUE: return "min";
            case -1_000_000: return "-1M";
            case -7: return "-7";
            case 0: return "zero";
            case 1: return "one";
            case 100: return "hundred";
            case 4096: return "4k";
            case 65_536: return "64k";
            case 1_000_000_007: return "prime";
            case Integer.MAX_VALUE: return "max";
            default: return "other(" + x + ")";
        }
    }

    static int charClass(char c) {
        switch (c) {
            case 'a': case 'e': case 'i': case 'o': case 'u': return 1;
            case 'y': return 2;
            case ' ': case '\t': case '\n': return 3;
            case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9': return 4;
            case '\u00e9': return 5;
            default: return Character.isLetter(c) ? 6 : 0;
        }
    }

    static int fallChain(int n) {
        int acc = 0;
        switch (n) {
            case 5: acc += 5;
            case 4: acc += 4;
            case 3: acc += 3;
            case 2: acc += 2;
            case 1: acc += 1; break;
            case 0: acc = -100;
            default: acc -= 1;
        }
        return acc;
    }

    static String nested(int a, int b) {
        return switch (a) {
            case 0 -> switch (b) { case 0 -> "00"; case 1 -> "01"; default -> "0?"; };
            case 1 -> {
                String r;
                switch (b % 3) {
                    case 0: r = "1a"; break;
                    case 1: r = "1b"; break;
                    default: r = "1c";
                }
                yield r;
            }
            default -> a + ":" + b;
        };
    }

    static int byteSwitch(byte b) {
        return switch (b) {
            case -128 -> 1;
            case -1 -> 2;
            case 0, 1, 2 -> 3;
            case 127 -> 4;
            default -> 5;
        };
    }

    public static void main(String[] args) {
        long total = 0;
        StringBuilder sb = new StringBuilder();
        for (int i = -5; i <= 42; i++) { int d = dense(i); total += d; sb.append(d).append(i % 12 == 11 ? "\n" : " "); }
        System.out.println(sb.toString().trim());
        System.out.println("dense total " + total);
        int[] keys = {Integer.MIN_VALUE, -1_000_000, -7, -6, 0, 1, 2, 100, 4096, 4097, 65_536, 1_000_000_007, Integer.MAX_VALUE};
        for (int k : keys) System.out.print(sparse(k) + " ");
        System.out.println();
        int[] counts = new int[7];
        for (char c : "Hello, wörld! Yay 2024\tcafé\n".toCharArray()) counts[charClass(c)]++;
        System.out.println(java.util.Arrays.toString(counts));
        for (int n = -1; n <= 6; n++) System.out.print(fallChain(n) + " ");
        System.out.println();
        for (int a = 0; a < 3; a++) for (int b = 0; b < 3; b++) System.out.print(nested(a, b) + " ");
        System.out.println();
        for (byte b : new byte[] {-128, -1, 0, 2, 3, 127}) System.out.print(byteSwitch(b));
        System.out.println();
        int state = 0, steps = 0;
        while (state != 9 && steps < 100) {
            steps++;
            state = switch (state) {
                case 0 -> 3; case 1 -> 7; case 2 -> 9; case 3 -> 5; case 4 -> 2;
                case 5 -> 8; case 6 -> 1; case 7 -> 4; case 8 -> 6; default -> 9;
            };
        }
        System.out.println("state machine steps " + steps);
    }
}
