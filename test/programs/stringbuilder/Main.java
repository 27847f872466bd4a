// StringBuilder/StringBuffer: append of all types, insert, delete, deleteCharAt, replace,
// reverse (with surrogate pairs), setCharAt, setLength, indexOf, capacity growth, chars(),
// codePoints, compareTo, and StringBuffer in a shared synchronised use.
public class Main {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        sb.append(1).append('a').append(2L).append(3.5f).append(4.5).append(false).append("str").append((Object) null).append(new char[] {'x', 'y'});
        System.out.println(sb + " len " + sb.length());
        sb.insert(0, "start:").insert(6, 99).insert(sb.length(), '!').insert(3, true);
        System.out.println(sb);
        sb.delete(0, 3).deleteCharAt(0).replace(0, 4, "REPLACED");
        System.out.println(sb);
        sb.setCharAt(0, 'r');
        sb.setLength(12);
        System.out.println("[" + sb + "] " + sb.indexOf("PL") + " " + sb.lastIndexOf("E") + " " + sb.charAt(3));
        sb.setLength(15);
        System.out.println("padded with NULs: " + sb.toString().replace('\0', '_'));
        StringBuilder pal = new StringBuilder("A man, a plan, a canal: Panama");
        String cleaned = pal.toString().toLowerCase().replaceAll("[^a-z]", "");
        System.out.println(cleaned.equals(new StringBuilder(cleaned).reverse().toString()) + " " + pal.reverse());
        StringBuilder emoji = new StringBuilder("ab\uD83D\uDE00cd");
        System.out.println(emoji.length() + " " + emoji.codePointCount(0, emoji.length()) + " " + emoji.reverse().codePointAt(2) + " " + (int) emoji.charAt(2));
        StringBuilder grow = new StringBuilder(2);
        for (int i = 0; i < 100; i++) grow.append((char) ('a' + i % 26));
        System.out.println(grow.length() + " " + grow.substring(20, 40) + " " + grow.chars().filter(ch -> ch == 'z').count());
        System.out.println(new StringBuilder("abc").compareTo(new StringBuilder("abd")) + " " + new StringBuilder("x").equals(new StringBuilder("x")) + " " + "x".contentEquals(new StringBuilder("x")));
        StringBuffer buf = new StringBuffer();
        Thread[] ts = new Thread[3];
        for (int t = 0; t < ts.length; t++) {
            ts[t] = new Thread(() -> { for (int i = 0; i < 1000; i++) buf.append('.'); });
            ts[t].start();
        }
        for (Thread t : ts) {
            try { t.join(); } catch (InterruptedException e) { throw new RuntimeException(e); }
        }
        System.out.println("buffer length " + buf.length());
        StringBuilder table = new StringBuilder();
        for (int r = 1; r <= 4; r++) {
            for (int c = 1; c <= 4; c++) table.append(String.format("%4d", r * c));
            table.append('\n');
        }
        System.out.print(table);
        StringBuilder cps = new StringBuilder().appendCodePoint(0x1F600).appendCodePoint('A').appendCodePoint(0xE9);
        cps.codePoints().forEach(cp -> System.out.print(Integer.toHexString(cp) + " "));
        System.out.println();
    }
}
