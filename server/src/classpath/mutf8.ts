// Modified UTF-8 (JVMS 4.4.7) as used by jimage string tables: every UTF-16 code unit is
// encoded on its own (surrogates become two 3-byte sequences) and U+0000 is 0xC0 0x80.
// Also the jimage name hash, which runs over that same encoding.

/** Decodes modified UTF-8 in `b[start, end)`; undefined when the bytes are malformed. */
export function decodeMutf8(b: Uint8Array, start: number, end: number): string | undefined {
  // Fast path: pure ASCII, which is every name in a real JDK image.
  let ascii = true;
  for (let i = start; i < end; i++) {
    if (b[i]! >= 0x80 || b[i] === 0) {
      ascii = false;
      break;
    }
  }
  if (ascii) return latin1(b, start, end);
  const units: number[] = [];
  let i = start;
  while (i < end) {
    const c = b[i]!;
    if (c !== 0 && c < 0x80) {
      units.push(c);
      i += 1;
    } else if ((c & 0xe0) === 0xc0) {
      if (i + 1 >= end || (b[i + 1]! & 0xc0) !== 0x80) return undefined;
      units.push(((c & 0x1f) << 6) | (b[i + 1]! & 0x3f));
      i += 2;
    } else if ((c & 0xf0) === 0xe0) {
      if (i + 2 >= end || (b[i + 1]! & 0xc0) !== 0x80 || (b[i + 2]! & 0xc0) !== 0x80) return undefined;
      units.push(((c & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f));
      i += 3;
    } else {
      return undefined;
    }
  }
  let s = '';
  for (let k = 0; k < units.length; k += 4096) s += String.fromCharCode(...units.slice(k, k + 4096));
  return s;
}

function latin1(b: Uint8Array, start: number, end: number): string {
  const buf = Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  return buf.toString('latin1', start, end);
}

/** The jimage hash seed and multiplier (FNV-1 prime). */
export const JIMAGE_HASH_MULTIPLIER = 0x01000193;

/**
 * The jimage name hash: `h = (h * 0x01000193) ^ byte` over the modified UTF-8 bytes of `name`,
 * in 32-bit arithmetic, masked to 31 bits at the end.
 */
export function jimageHash(name: string, seed: number = JIMAGE_HASH_MULTIPLIER): number {
  let h = seed | 0;
  for (let i = 0; i < name.length; i++) {
    const u = name.charCodeAt(i);
    if (u !== 0 && u < 0x80) {
      h = Math.imul(h, JIMAGE_HASH_MULTIPLIER) ^ u;
    } else if (u < 0x800) {
      // U+0000 lands here too and gives 0xC0 0x80, as modified UTF-8 requires.
      h = Math.imul(h, JIMAGE_HASH_MULTIPLIER) ^ (0xc0 | (u >> 6));
      h = Math.imul(h, JIMAGE_HASH_MULTIPLIER) ^ (0x80 | (u & 0x3f));
    } else {
      h = Math.imul(h, JIMAGE_HASH_MULTIPLIER) ^ (0xe0 | (u >> 12));
      h = Math.imul(h, JIMAGE_HASH_MULTIPLIER) ^ (0x80 | ((u >> 6) & 0x3f));
      h = Math.imul(h, JIMAGE_HASH_MULTIPLIER) ^ (0x80 | (u & 0x3f));
    }
  }
  return h & 0x7fffffff;
}
