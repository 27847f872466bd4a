package compress;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.zip.CRC32;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.ArchiveInputStream;
import org.apache.commons.compress.archivers.ArchiveStreamFactory;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.compressors.CompressorStreamFactory;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.deflate.DeflateCompressorInputStream;
import org.apache.commons.compress.compressors.deflate.DeflateCompressorOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipParameters;
import org.apache.commons.compress.utils.IOUtils;
import org.apache.commons.compress.utils.SeekableInMemoryByteChannel;

/**
 * commons-compress as real code uses it: zip, tar, gzip, bzip2 and deflate round trips in
 * memory. Every archive's length and CRC-32 is printed, so the compressed bytes must be the same
 * as on HotSpot, not only what they decompress to.
 */
public class CompressDriver {
  static final long TIME = 1_600_000_000_000L; // fixed, not the clock

  static byte[] payload(int i, int size) {
    StringBuilder sb = new StringBuilder();
    Random r = new Random(i);
    while (sb.length() < size) sb.append("line ").append(r.nextInt(1000)).append(i % 2 == 0 ? " lorem ipsum dolor\n" : " sit amet\n");
    return sb.substring(0, size).getBytes(StandardCharsets.UTF_8);
  }

  static String crc(byte[] b) {
    CRC32 c = new CRC32();
    c.update(b);
    return b.length + "/" + Long.toHexString(c.getValue());
  }

  public static void main(String[] args) throws Exception {
    int scale = args.length > 0 ? Integer.parseInt(args[0]) : 1;
    Map<String, byte[]> files = new TreeMap<>();
    for (int i = 0; i < 6; i++) files.put("dir/f" + i + ".txt", payload(i, (i + 1) * 3000 * scale));
    files.put("empty.bin", new byte[0]);
    byte[] noise = new byte[5000];
    new Random(5).nextBytes(noise);
    files.put("noise.bin", noise);

    // zip with deflated and stored entries
    ByteArrayOutputStream zbuf = new ByteArrayOutputStream();
    try (ZipArchiveOutputStream zos = new ZipArchiveOutputStream(zbuf)) {
      zos.setLevel(7);
      zos.setComment("conformance");
      for (Map.Entry<String, byte[]> e : files.entrySet()) {
        ZipArchiveEntry ze = new ZipArchiveEntry(e.getKey());
        ze.setTime(TIME);
        if (e.getKey().endsWith(".bin")) {
          ze.setMethod(ZipArchiveEntry.STORED);
          ze.setSize(e.getValue().length);
          CRC32 c = new CRC32();
          c.update(e.getValue());
          ze.setCrc(c.getValue());
        }
        zos.putArchiveEntry(ze);
        zos.write(e.getValue());
        zos.closeArchiveEntry();
      }
    }
    byte[] zip = zbuf.toByteArray();
    System.out.println("zip " + crc(zip));
    try (ZipFile zf = new ZipFile(new SeekableInMemoryByteChannel(zip))) {
      System.out.println("comment " + zf.getEncoding() + " " + Collections.list(zf.getEntries()).size());
      for (ZipArchiveEntry ze : Collections.list(zf.getEntriesInPhysicalOrder())) {
        byte[] data = IOUtils.toByteArray(zf.getInputStream(ze));
        System.out.println("  " + ze.getName() + " method=" + ze.getMethod() + " csize=" + ze.getCompressedSize() + " " + crc(data) + " same=" + Arrays.equals(data, files.get(ze.getName())));
      }
    }
    try (ZipArchiveInputStream zis = new ZipArchiveInputStream(new ByteArrayInputStream(zip))) {
      int count = 0;
      for (ArchiveEntry e; (e = zis.getNextEntry()) != null; ) {
        count++;
        if (!Arrays.equals(IOUtils.toByteArray(zis), files.get(e.getName()))) System.out.println("  stream mismatch " + e.getName());
      }
      System.out.println("zip stream entries " + count);
    }
    // also readable by java.util.zip
    try (java.util.zip.ZipInputStream jz = new java.util.zip.ZipInputStream(new ByteArrayInputStream(zip))) {
      StringBuilder sb = new StringBuilder("jdk zip");
      for (java.util.zip.ZipEntry e; (e = jz.getNextEntry()) != null; ) sb.append(' ').append(e.getName()).append('=').append(jz.readAllBytes().length);
      System.out.println(sb);
    }

    // tar (ustar with a long name, gnu and posix) with gzip and bzip2
    ByteArrayOutputStream tbuf = new ByteArrayOutputStream();
    try (TarArchiveOutputStream tos = new TarArchiveOutputStream(tbuf)) {
      tos.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
      for (Map.Entry<String, byte[]> e : files.entrySet()) {
        TarArchiveEntry te = new TarArchiveEntry(e.getKey());
        te.setSize(e.getValue().length);
        te.setModTime(TIME);
        te.setUserName("user");
        te.setMode(0644);
        tos.putArchiveEntry(te);
        tos.write(e.getValue());
        tos.closeArchiveEntry();
      }
      TarArchiveEntry longName = new TarArchiveEntry("a/very/" + "long/".repeat(30) + "name.txt");
      longName.setSize(3);
      longName.setModTime(TIME);
      tos.putArchiveEntry(longName);
      tos.write(new byte[] {'a', 'b', 'c'});
      tos.closeArchiveEntry();
    }
    byte[] tar = tbuf.toByteArray();
    System.out.println("tar " + crc(tar));
    try (TarArchiveInputStream tis = new TarArchiveInputStream(new ByteArrayInputStream(tar))) {
      for (TarArchiveEntry te; (te = tis.getNextTarEntry()) != null; ) System.out.println("  " + te.getName().length() + " " + te.getSize() + " " + Integer.toOctalString(te.getMode()) + " " + te.getModTime().getTime() + " " + crc(IOUtils.toByteArray(tis)));
    }
    ByteArrayOutputStream gbuf = new ByteArrayOutputStream();
    GzipParameters gp = new GzipParameters();
    gp.setCompressionLevel(9);
    gp.setModificationTime(TIME);
    gp.setFilename("archive.tar");
    try (GzipCompressorOutputStream gz = new GzipCompressorOutputStream(gbuf, gp)) {
      gz.write(tar);
    }
    byte[] tgz = gbuf.toByteArray();
    System.out.println("tgz " + crc(tgz));
    try (GzipCompressorInputStream gin = new GzipCompressorInputStream(new ByteArrayInputStream(tgz))) {
      System.out.println("  gunzip " + crc(IOUtils.toByteArray(gin)) + " name=" + gin.getMetaData().getFilename());
    }
    for (int block = 1; block <= 9; block += 8) {
      ByteArrayOutputStream bbuf = new ByteArrayOutputStream();
      try (BZip2CompressorOutputStream bz = new BZip2CompressorOutputStream(bbuf, block)) {
        bz.write(tar);
      }
      byte[] tbz = bbuf.toByteArray();
      System.out.println("tbz" + block + " " + crc(tbz));
      try (BZip2CompressorInputStream bin = new BZip2CompressorInputStream(new ByteArrayInputStream(tbz))) {
        System.out.println("  bunzip " + crc(IOUtils.toByteArray(bin)));
      }
    }
    // raw deflate (zlib wrapper) through the factory, and format detection
    ByteArrayOutputStream dbuf = new ByteArrayOutputStream();
    try (OutputStream dos = new CompressorStreamFactory().createCompressorOutputStream(CompressorStreamFactory.DEFLATE, dbuf)) {
      dos.write(files.get("dir/f3.txt"));
    }
    System.out.println("deflate " + crc(dbuf.toByteArray()));
    try (InputStream din = new DeflateCompressorInputStream(new ByteArrayInputStream(dbuf.toByteArray()))) {
      System.out.println("  inflate " + crc(IOUtils.toByteArray(din)));
    }
    System.out.println("detect " + CompressorStreamFactory.detect(new BufferedInputStream(new ByteArrayInputStream(tgz))) + " " + ArchiveStreamFactory.detect(new BufferedInputStream(new ByteArrayInputStream(zip))) + " " + ArchiveStreamFactory.detect(new BufferedInputStream(new ByteArrayInputStream(tar))));
  }
}
