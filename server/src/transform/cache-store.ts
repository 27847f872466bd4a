// On-disk cache entries (transformed classes, jar indexes): one file per key, written to a
// temporary file and renamed into place (concurrent writers, in other processes or threads,
// never leave a half-written entry), and validated on read: an entry that is truncated,
// corrupt, or filed under another key is ignored (the caller rebuilds and rewrites it).
//
// Layout of an entry file:
//   "KMRCACH1"            8 bytes, format magic
//   key                   64 bytes, the hex SHA-256 key the entry was written for
//   meta length           u32 LE
//   data length           u32 LE
//   SHA-256(meta, data)   32 bytes
//   meta                  (JSON text, the caller's)
//   data

import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const MAGIC = Buffer.from('KMRCACH1', 'latin1');
const HEADER = 8 + 64 + 4 + 4 + 32;

export interface CacheEntry {
  meta: string;
  data: Uint8Array;
}

/** The file of `key` in `dir` (keys are hex SHA-256 digests). */
export function cacheEntryPath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.entry`);
}

function digest(meta: Uint8Array, data: Uint8Array): Buffer {
  return createHash('sha256').update(meta).update(data).digest();
}

/** The entry of `key`, or undefined when there is none or it is not valid. */
export function readCacheEntry(dir: string, key: string): CacheEntry | undefined {
  let b: Buffer;
  try {
    b = readFileSync(cacheEntryPath(dir, key));
  } catch {
    return undefined;
  }
  return decodeCacheEntry(b, key);
}

/** Checks an entry file's bytes against `key`: undefined unless complete and intact. */
export function decodeCacheEntry(b: Buffer, key: string): CacheEntry | undefined {
  if (b.length < HEADER || !b.subarray(0, 8).equals(MAGIC)) return undefined;
  if (b.toString('latin1', 8, 72) !== key) return undefined;
  const metaLen = b.readUInt32LE(72);
  const dataLen = b.readUInt32LE(76);
  if (HEADER + metaLen + dataLen !== b.length) return undefined;
  const meta = b.subarray(HEADER, HEADER + metaLen);
  const data = b.subarray(HEADER + metaLen);
  if (!digest(meta, data).equals(b.subarray(80, HEADER))) return undefined;
  return { meta: meta.toString('utf8'), data };
}

export function encodeCacheEntry(key: string, data: Uint8Array, meta = ''): Buffer {
  if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`cache key must be a hex SHA-256 digest, not '${key}'`);
  const m = Buffer.from(meta, 'utf8');
  const h = Buffer.alloc(HEADER);
  MAGIC.copy(h, 0);
  h.write(key, 8, 'latin1');
  h.writeUInt32LE(m.length, 72);
  h.writeUInt32LE(data.length, 76);
  digest(m, data).copy(h, 80);
  return Buffer.concat([h, m, data]);
}

/** Writes the entry of `key` atomically (best effort: a cache that cannot be written is skipped). */
export function writeCacheEntry(dir: string, key: string, data: Uint8Array, meta = ''): void {
  try {
    writeFileAtomic(cacheEntryPath(dir, key), encodeCacheEntry(key, data, meta));
  } catch {
    // read-only or full cache directory: the run goes on without caching
  }
}

/**
 * Writes `path` through a uniquely named temporary file in the same directory and a rename, so
 * that readers see the old file or the new one, never a part (also with concurrent writers).
 */
export function writeFileAtomic(path: string, data: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
