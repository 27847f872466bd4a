import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.PushbackReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

// I/O without depending on the environment: Data streams (all primitive types, UTF),
// EOFException, byte/char array streams, PrintWriter formatting, buffered line reading,
// PushbackReader tokenising, a custom InputStream subclass read by JDK code, GZIP round trip,
// ByteBuffer with both byte orders, and files in a fresh temporary directory (deleted).
public class Main {
    static final class CountingStream extends InputStream {
        private int next, reads;
        private final int limit;
        CountingStream(int limit) { this.limit = limit; }
        @Override public int read() { reads++; return next < limit ? (next++ * 7) & 0xFF : -1; }
    }

    public static void main(String[] args) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bos)) {
            out.writeInt(-2); out.writeLong(Long.MIN_VALUE); out.writeDouble(Math.PI); out.writeFloat(-0.5f);
            out.writeShort(65535); out.writeByte(200); out.writeChar('é'); out.writeBoolean(true); out.writeUTF("héllo wörld \u0000 end");
        }
        byte[] bytes = bos.toByteArray();
        System.out.println(bytes.length + " bytes, head " + java.util.Arrays.toString(java.util.Arrays.copyOf(bytes, 6)));
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            System.out.println(in.readInt() + " " + in.readLong() + " " + in.readDouble() + " " + in.readFloat() + " " + in.readShort() + " " + in.readUnsignedByte() + " " + in.readChar() + " " + in.readBoolean() + " " + in.readUTF().replace('\0', '0'));
            in.readByte();
        } catch (EOFException e) {
            System.out.println("EOF reached");
        }
        StringWriter sw = new StringWriter();
        try (PrintWriter pw = new PrintWriter(sw)) {
            pw.printf(java.util.Locale.ROOT, "%-6s|%6.2f|%n", "row", 3.14159);
            pw.println(42);
            pw.print('c');
        }
        System.out.println(sw.toString().replace("\n", "\\n"));
        BufferedReader br = new BufferedReader(new StringReader("first\nsecond\r\n\nfourth"));
        System.out.println(br.lines().map(l -> "[" + l + "]").toList());
        PushbackReader pr = new PushbackReader(new StringReader("abc123def45"), 2);
        StringBuilder tokens = new StringBuilder();
        int ch;
        while ((ch = pr.read()) != -1) {
            StringBuilder tok = new StringBuilder().append((char) ch);
            boolean digit = Character.isDigit(ch);
            int c2;
            while ((c2 = pr.read()) != -1 && Character.isDigit(c2) == digit) tok.append((char) c2);
            if (c2 != -1) pr.unread(c2);
            tokens.append(digit ? "NUM(" : "WORD(").append(tok).append(") ");
        }
        System.out.println(tokens.toString().trim());
        CountingStream cs = new CountingStream(1000);
        byte[] all = cs.readAllBytes();
        int sum = 0;
        for (byte b : all) sum += b & 0xFF;
        System.out.println("custom stream " + all.length + " bytes sum " + sum + " reads>0 " + (cs.reads > 0));
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        String text = "compress me ".repeat(200);
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) { z.write(text.getBytes(StandardCharsets.UTF_8)); }
        String back;
        try (GZIPInputStream z = new GZIPInputStream(new ByteArrayInputStream(gz.toByteArray()))) { back = new String(z.readAllBytes(), StandardCharsets.UTF_8); }
        System.out.println("gzip round trip " + back.equals(text) + " smaller " + (gz.size() < text.length()));
        ByteBuffer bb = ByteBuffer.allocate(16);
        bb.putInt(0x01020304).order(ByteOrder.LITTLE_ENDIAN).putInt(0x01020304).putDouble(1.0);
        System.out.println(java.util.Arrays.toString(java.util.Arrays.copyOf(bb.array(), 8)) + " " + bb.position() + " " + bb.flip().order(ByteOrder.BIG_ENDIAN).getInt() + " " + bb.order(ByteOrder.LITTLE_ENDIAN).getInt(4));
        Path dir = Files.createTempDirectory("komorium-io-test");
        try {
            Path f = dir.resolve("data.txt");
            Files.write(f, List.of("alpha", "beta", "gamma"), StandardCharsets.UTF_8);
            try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(f, java.nio.file.StandardOpenOption.APPEND), StandardCharsets.UTF_8))) {
                w.write("delta");
                w.newLine();
            }
            System.out.println(Files.readAllLines(f) + " size " + Files.size(f) + " exists " + Files.exists(f) + " name " + f.getFileName());
            Files.writeString(dir.resolve("b.txt"), "bee");
            try (var listing = Files.list(dir)) { System.out.println(listing.map(x -> x.getFileName().toString()).sorted().toList()); }
            try {
                Files.readString(dir.resolve("missing.txt"));
            } catch (java.nio.file.NoSuchFileException e) {
                System.out.println("no such file: " + Path.of(e.getFile()).getFileName());
            }
        } finally {
            try (var walk = Files.walk(dir)) {
                for (Path x : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(x);
            }
        }
        System.out.println("cleaned " + !Files.exists(dir));
    }
}
