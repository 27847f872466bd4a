import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.zip.*;

/**
 * java.util.zip as HotSpot's zlib does it: Deflater at every level and strategy, driven with
 * the input in pieces and small output buffers, with SYNC_FLUSH and FULL_FLUSH, level and
 * strategy changes in mid-stream, dictionaries and ByteBuffers; Inflater back with the input in
 * pieces; corrupt input; CRC32 and Adler32. Each line is a configuration with the CRC-32 of the
 * compressed bytes and of the trace of every call's results, so any difference shows.
 */
public class ZipConform {
  static byte[] text(int n, int seed) {
    Random r = new Random(seed);
    StringBuilder sb = new StringBuilder();
    String[] words = {"alpha", "beta", "gamma", "delta", "zlib", "deflate", "\n", "0123456789"};
    while (sb.length() < n) sb.append(words[r.nextInt(words.length)]).append(r.nextInt(3) == 0 ? r.nextInt(100) : ' ');
    return sb.substring(0, n).getBytes(StandardCharsets.UTF_8);
  }

  static byte[] noise(int n, int seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  static long crc(byte[] b, int off, int len) {
    CRC32 c = new CRC32();
    c.update(b, off, len);
    return c.getValue();
  }

  /** Compresses `in` feeding `piece` bytes at a time into an output buffer of `outSize`. */
  static byte[] compress(Deflater d, byte[] in, int piece, int outSize, int flushEvery, int flushMode, StringBuilder trace) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[outSize];
    int pos = 0, pieces = 0;
    while (!d.finished()) {
      if (d.needsInput() && pos < in.length) {
        int n = Math.min(piece, in.length - pos);
        d.setInput(in, pos, n);
        pos += n;
        pieces++;
        if (pos == in.length) d.finish();
      } else if (pos == in.length && !d.finished()) {
        d.finish();
      }
      int mode = flushEvery > 0 && pieces % flushEvery == 0 && pos < in.length ? flushMode : Deflater.NO_FLUSH;
      int n = d.deflate(buf, 0, buf.length, mode);
      trace.append(n).append(d.needsInput() ? 'i' : '-').append(d.finished() ? 'f' : '-').append(',');
      out.write(buf, 0, n);
      if (trace.length() > 2_000_000) throw new IllegalStateException("no progress");
    }
    trace.append(d.getBytesRead()).append('/').append(d.getBytesWritten()).append('/').append(d.getTotalIn()).append('/').append(Integer.toHexString(d.getAdler()));
    return out.toByteArray();
  }

  static String inflate(byte[] z, boolean nowrap, int piece, int outSize, byte[] dict) {
    Inflater inf = new Inflater(nowrap);
    StringBuilder trace = new StringBuilder();
    CRC32 c = new CRC32();
    byte[] buf = new byte[outSize];
    int pos = 0;
    try {
      while (!inf.finished()) {
        if (inf.needsInput()) {
          if (pos >= z.length) { trace.append("EOF"); break; }
          int n = Math.min(piece, z.length - pos);
          inf.setInput(z, pos, n);
          pos += n;
        }
        int n = inf.inflate(buf);
        if (n == 0 && inf.needsDictionary()) {
          trace.append("dict").append(Integer.toHexString(inf.getAdler())).append(',');
          inf.setDictionary(dict);
          continue;
        }
        c.update(buf, 0, n);
        trace.append(n).append(inf.getRemaining()).append(',');
      }
    } catch (DataFormatException e) {
      trace.append("DFE ").append(e.getMessage());
    }
    trace.append(inf.getBytesRead()).append('/').append(inf.getBytesWritten()).append('/').append(inf.getRemaining()).append('/').append(Integer.toHexString(inf.getAdler()));
    inf.end();
    return Long.toHexString(c.getValue()) + " " + Long.toHexString(crc(trace.toString().getBytes(), 0, trace.length())) + (trace.length() < 200 ? " " + trace : "");
  }

  public static void main(String[] args) throws Exception {
    byte[][] inputs = {text(40_000, 1), noise(9_000, 2), text(300, 3), new byte[0], text(150_000, 4)};
    for (int ii = 0; ii < inputs.length; ii++) {
      byte[] in = inputs[ii];
      for (int strategy = 0; strategy <= 2; strategy++) {
        for (int level = -1; level <= 9; level++) {
          for (boolean nowrap : new boolean[] {false, true}) {
            if (ii == 4 && (nowrap || strategy > 0 || level % 4 != 1)) continue;
            int[][] drives = {{1 << 30, 1 << 20, 0, 0}, {4096, 512, 0, 0}, {1000, 64, 3, Deflater.SYNC_FLUSH}, {7000, 100_000, 2, Deflater.FULL_FLUSH}};
            for (int[] dr : drives) {
              Deflater d = new Deflater(level, nowrap);
              d.setStrategy(strategy);
              StringBuilder trace = new StringBuilder();
              byte[] z = compress(d, in, Math.min(dr[0], Math.max(1, in.length)), dr[1], dr[2], dr[3], trace);
              d.end();
              String back = inflate(z, nowrap, 777, 1500, null);
              System.out.println(ii + " s" + strategy + " l" + level + (nowrap ? " raw" : " zlib") + " " + dr[0] + "/" + dr[1] + "/" + dr[2] + "/" + dr[3] + ": " + z.length + " " + Long.toHexString(crc(z, 0, z.length)) + " " + Long.toHexString(crc(trace.toString().getBytes(), 0, trace.length())) + " | " + back + " want " + Long.toHexString(crc(in, 0, in.length)));
            }
          }
        }
      }
    }
    // Level and strategy changed in mid-stream.
    byte[] in = text(50_000, 5);
    int[][] changes = {{1, 0, 9, 0}, {9, 0, 1, 0}, {0, 0, 6, 0}, {6, 0, 0, 0}, {6, 0, 6, 2}, {6, 1, 3, 0}, {5, 2, 8, 1}};
    for (int[] ch : changes) {
      Deflater d = new Deflater(ch[0], false);
      d.setStrategy(ch[1]);
      StringBuilder trace = new StringBuilder();
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      byte[] buf = new byte[300];
      d.setInput(in, 0, 20_000);
      while (!d.needsInput()) { int n = d.deflate(buf); out.write(buf, 0, n); trace.append(n).append(','); }
      d.setLevel(ch[2]);
      d.setStrategy(ch[3]);
      d.setInput(in, 20_000, 30_000);
      d.finish();
      while (!d.finished()) { int n = d.deflate(buf); out.write(buf, 0, n); trace.append(n).append(','); }
      byte[] z = out.toByteArray();
      System.out.println("change " + Arrays.toString(ch) + ": " + z.length + " " + Long.toHexString(crc(z, 0, z.length)) + " " + Long.toHexString(crc(trace.toString().getBytes(), 0, trace.length())) + " | " + inflate(z, false, 5000, 4096, null));
    }
    // Dictionaries.
    byte[] dict = "alpha beta gamma delta zlib deflate 0123456789".getBytes(StandardCharsets.UTF_8);
    for (boolean nowrap : new boolean[] {false, true}) {
      Deflater d = new Deflater(Deflater.BEST_COMPRESSION, nowrap);
      d.setDictionary(dict);
      StringBuilder trace = new StringBuilder();
      byte[] z = compress(d, text(3000, 6), 3000, 8192, 0, 0, trace);
      System.out.println("dict " + nowrap + ": " + z.length + " " + Long.toHexString(crc(z, 0, z.length)) + " " + trace.substring(trace.lastIndexOf(",") + 1) + " | " + inflate(z, nowrap, 100, 512, dict));
    }
    // ByteBuffers (heap and direct) in and out.
    for (boolean direct : new boolean[] {false, true}) {
      ByteBuffer src = direct ? ByteBuffer.allocateDirect(40_000) : ByteBuffer.allocate(40_000);
      src.put(text(40_000, 7)).flip();
      ByteBuffer dst = direct ? ByteBuffer.allocateDirect(50_000) : ByteBuffer.allocate(50_000);
      Deflater d = new Deflater(4);
      d.setInput(src);
      d.finish();
      int calls = 0;
      while (!d.finished()) { dst.limit(Math.min(dst.capacity(), dst.position() + 999)); d.deflate(dst); calls++; }
      dst.flip();
      byte[] z = new byte[dst.remaining()];
      dst.get(z);
      Inflater inf = new Inflater();
      ByteBuffer zin = direct ? ByteBuffer.allocateDirect(z.length) : ByteBuffer.allocate(z.length);
      zin.put(z).flip();
      inf.setInput(zin);
      ByteBuffer back = direct ? ByteBuffer.allocateDirect(40_000) : ByteBuffer.allocate(40_000);
      int icalls = 0;
      while (!inf.finished()) { back.limit(Math.min(back.capacity(), back.position() + 3000)); inf.inflate(back); icalls++; }
      back.flip();
      Adler32 a = new Adler32();
      a.update(back.duplicate());
      CRC32 c = new CRC32();
      c.update(back.duplicate());
      System.out.println("buffers " + direct + ": " + z.length + " " + Long.toHexString(crc(z, 0, z.length)) + " " + calls + " " + icalls + " " + src.position() + " " + Long.toHexString(a.getValue()) + " " + Long.toHexString(c.getValue()) + " " + inf.getRemaining());
    }
    // Corrupt and truncated input.
    Deflater d0 = new Deflater();
    byte[] good = compress(d0, text(5000, 8), 5000, 10_000, 0, 0, new StringBuilder());
    byte[] bad1 = good.clone(); bad1[0] = 0x79;
    byte[] bad2 = good.clone(); bad2[good.length / 2] ^= 0x55;
    byte[] bad3 = good.clone(); bad3[good.length - 1] ^= 1;
    byte[] stored = {1, 5, 0, 1, 0, 'a'};
    for (byte[] z : new byte[][] {bad1, bad2, bad3, Arrays.copyOf(good, good.length / 2), stored, {(byte) 0xff, 0x00}}) {
      System.out.println("corrupt " + z.length + ": " + inflate(z, false, 100, 700, null) + " | raw " + inflate(z, true, 100, 700, null));
    }
    // GZIP streams and checksums.
    java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
    try (GZIPOutputStream g = new GZIPOutputStream(gz, 1000, true)) {
      byte[] t = text(30_000, 9);
      for (int i = 0; i < t.length; i += 4000) { g.write(t, i, Math.min(4000, t.length - i)); if (i % 8000 == 0) g.flush(); }
    }
    byte[] gzb = gz.toByteArray();
    System.out.println("gzip " + gzb.length + " " + Long.toHexString(crc(gzb, 0, gzb.length)) + " " + new GZIPInputStream(new java.io.ByteArrayInputStream(gzb), 333).readAllBytes().length);
    Adler32 a = new Adler32();
    CRC32 c = new CRC32();
    CRC32C cc = new CRC32C();
    for (int i = 0; i < 1000; i++) { a.update(i); c.update(i); cc.update(i); }
    byte[] big = noise(100_000, 10);
    a.update(big, 3, 99_000); c.update(big, 3, 99_000); cc.update(big, 3, 99_000);
    System.out.println("checksums " + Long.toHexString(a.getValue()) + " " + Long.toHexString(c.getValue()) + " " + Long.toHexString(cc.getValue()));
  }
}
