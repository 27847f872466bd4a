import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.zip.CRC32;

// Hash functions with specified results: String.hashCode (including collisions), Objects.hash
// and Objects.hashCode, Arrays.hashCode/deepHashCode, List/Set/Map.hashCode contracts,
// boxed hashCodes (Boolean, Long, Double, Character), Map.Entry, record hashCode of
// primitives, CRC32, MessageDigest SHA-256 and MD5, and a hand-written FNV-1a and murmur mix.
public class Main {
    record P(int a, long b, String c) {}

    static int fnv1a(byte[] data) {
        int h = 0x811c9dc5;
        for (byte b : data) { h ^= b & 0xff; h *= 0x01000193; }
        return h;
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(String.format("%02x", x));
        return sb.toString();
    }

    public static void main(String[] args) throws Exception {
        for (String s : new String[] {"", "a", "hello", "Aa", "BB", "polygenelubricants", "ünïcödé"}) System.out.print(s.hashCode() + " ");
        System.out.println();
        System.out.println(Objects.hash() + " " + Objects.hash((Object) null) + " " + Objects.hash(1, "a", 2.5) + " " + Objects.hashCode(null) + " " + Objects.hash(1, 2) + " " + Objects.hash(2, 1));
        System.out.println(Arrays.hashCode(new int[] {1, 2, 3}) + " " + Arrays.hashCode(new long[] {1L << 40}) + " " + Arrays.hashCode(new double[] {0.5}) + " " + Arrays.hashCode(new Object[] {"x", null}) + " " + Arrays.deepHashCode(new Object[] {new int[] {1}, new String[] {"s"}}) + " " + Arrays.hashCode((int[]) null));
        System.out.println(List.of(1, 2, 3).hashCode() + " " + Set.of(1, 2, 3).hashCode() + " " + Map.of("k", 1, "j", 2).hashCode() + " " + Map.entry("k", 1).hashCode() + " " + new HashMap<>(Map.of("a", "b")).hashCode());
        System.out.println(Boolean.hashCode(true) + " " + Boolean.hashCode(false) + " " + Long.hashCode(1L << 32) + " " + Long.hashCode(-1L) + " " + Double.hashCode(1.0) + " " + Character.hashCode('z') + " " + Byte.hashCode((byte) -1) + " " + Float.hashCode(-0.0f));
        System.out.println(new P(1, 2L, "three").hashCode() + " " + new P(0, 0L, null).hashCode() + " " + (new P(1, 2L, "x").hashCode() == new P(1, 2L, "x").hashCode()));
        CRC32 crc = new CRC32();
        crc.update("The quick brown fox jumps over the lazy dog".getBytes(StandardCharsets.US_ASCII));
        System.out.println("crc32 " + Long.toHexString(crc.getValue()));
        System.out.println("sha256 " + hex(MessageDigest.getInstance("SHA-256").digest("komorium".getBytes(StandardCharsets.UTF_8))));
        System.out.println("md5 " + hex(MessageDigest.getInstance("MD5").digest(new byte[0])));
        System.out.println("fnv1a " + Integer.toHexString(fnv1a("hello".getBytes(StandardCharsets.UTF_8))) + " mix " + Long.toHexString(mix(42)));
        int[] buckets = new int[8];
        for (int i = 0; i < 1000; i++) buckets[(int) (mix(i) >>> 61)]++;
        System.out.println("buckets " + Arrays.toString(buckets));
        Map<String, Integer> collisions = new HashMap<>();
        String[] base = {"Aa", "BB"};
        for (String x : base) for (String y : base) for (String z : base) collisions.put(x + y + z, (x + y + z).hashCode());
        System.out.println(collisions.size() + " keys share hash " + collisions.values().stream().distinct().count() + " " + collisions.get("AaBBAa"));
    }
}
