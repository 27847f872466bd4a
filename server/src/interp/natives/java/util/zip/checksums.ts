// CRC-32 (ISO 3309, as java.util.zip.CRC32 and zlib compute it) and Adler-32 (RFC 1950).

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

/** Continues a CRC-32 (`crc` as the Java int state) over `data`. */
export function crc32(crc: number, data: Uint8Array): number {
  let c = ~crc;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c;
}

/** Continues an Adler-32 (`adler` as the Java int state) over `data`. */
export function adler32(adler: number, data: Uint8Array): number {
  let a = adler & 0xffff;
  let b = (adler >>> 16) & 0xffff;
  let i = 0;
  while (i < data.length) {
    // 5552 bytes keep the sums below 2^32 before the modulo (RFC 1950's NMAX).
    const end = Math.min(data.length, i + 5552);
    for (; i < end; i++) {
      a += data[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) | 0;
}
