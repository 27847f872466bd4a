// Integer and Long parsing and formatting: parseInt with signs and radixes, valueOf/decode
// (hex, octal, #), toString in radixes 2..36, toBinary/Octal/HexString of negatives,
// unsigned parsing, parse failures with their messages, Integer.MIN_VALUE edge cases,
// Byte/Short parsing ranges, and Number conversions.
public class Main {
    static void tryParse(String s, int radix) {
        try {
            System.out.println("parseInt(\"" + s + "\", " + radix + ") = " + Integer.parseInt(s, radix));
        } catch (NumberFormatException e) {
            System.out.println("parseInt(\"" + s + "\", " + radix + ") fails: " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        String[][] cases = {{"42", "10"}, {"-42", "10"}, {"+42", "10"}, {"2147483647", "10"}, {"2147483648", "10"}, {"-2147483648", "10"}, {"ff", "16"}, {"-FF", "16"},
            {"777", "8"}, {"789", "8"}, {"1010", "2"}, {"zz", "36"}, {"Kona", "27"}, {"", "10"}, {"-", "10"}, {" 1", "10"}, {"1_000", "10"}, {"12", "37"}, {"١٢٣", "10"}};
        for (String[] c : cases) tryParse(c[0], Integer.parseInt(c[1]));
        System.out.println(Integer.decode("0x1F") + " " + Integer.decode("-#ff") + " " + Integer.decode("010") + " " + Long.decode("0X7fffffffffffffff") + " " + Integer.valueOf("-0") + " " + Integer.valueOf(77).hashCode());
        int[] vals = {0, 1, -1, 255, -255, Integer.MAX_VALUE, Integer.MIN_VALUE, 123456789};
        for (int v : vals)
            System.out.println(v + ": bin " + Integer.toBinaryString(v) + " oct " + Integer.toOctalString(v) + " hex " + Integer.toHexString(v) + " r36 " + Integer.toString(v, 36) + " r7 " + Integer.toString(v, 7) + " r99->" + Integer.toString(v, 99) + " unsigned r16 " + Integer.toUnsignedString(v, 16));
        long[] lv = {Long.MAX_VALUE, Long.MIN_VALUE, -1L, 1L << 53};
        for (long v : lv) System.out.println(v + ": " + Long.toHexString(v) + " " + Long.toString(v, 36) + " " + Long.toUnsignedString(v) + " " + Long.toBinaryString(v).length());
        System.out.println(Integer.parseUnsignedInt("4294967295") + " " + Long.parseUnsignedLong("18446744073709551615") + " " + Integer.parseUnsignedInt("ffffffff", 16) + " " + Long.divideUnsigned(-1L, 10) + " " + Long.remainderUnsigned(-1L, 10));
        try {
            Integer.parseUnsignedInt("-1");
        } catch (NumberFormatException e) {
            System.out.println(e.getMessage());
        }
        try {
            Long.parseLong("9223372036854775808");
        } catch (NumberFormatException e) {
            System.out.println(e.getMessage());
        }
        try {
            Byte.parseByte("128");
        } catch (NumberFormatException e) {
            System.out.println(e.getMessage());
        }
        try {
            Short.parseShort("-32769");
        } catch (NumberFormatException e) {
            System.out.println(e.getMessage());
        }
        try {
            Integer.parseInt(null);
        } catch (NumberFormatException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(Byte.parseByte("-128") + " " + Short.parseShort("7fff", 16) + " " + Byte.toUnsignedInt((byte) -2) + " " + Integer.parseInt("abc", 1, 3, 16) + " " + Integer.sum(3, 4) + " " + Integer.max(3, 4) + " " + Long.numberOfTrailingZeros(0));
        Number n = 3.99;
        System.out.println(n.intValue() + " " + n.longValue() + " " + n.floatValue() + " " + Integer.valueOf(300).byteValue() + " " + Long.valueOf(1L << 33).intValue() + " " + Double.valueOf("1e3").intValue());
        System.out.println(Integer.toString(Integer.MIN_VALUE, 2) + " " + Integer.toString(-0) + " " + String.valueOf(Long.MIN_VALUE).length() + " " + Integer.reverse(0x0F) + " " + Integer.getInteger("no.such.property", 5));
        long checksum = 0;
        for (int i = -1000; i <= 1000; i += 7) checksum = checksum * 31 + Integer.parseInt(Integer.toString(i, (i & 31) % 35 + 2), (i & 31) % 35 + 2);
        System.out.println("round trip checksum " + checksum);
    }
}
