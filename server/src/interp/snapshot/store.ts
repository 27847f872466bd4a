// Boot snapshot files: a header (magic, the key, the payload's length and SHA-256) and the
// payload (graph.ts). Written to a temporary file and renamed; on read, anything that does not
// check out (truncated, corrupt, another key, another format) is refused with a reason, and the
// run boots as usual.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { processAlive } from '../../process-alive';

const MAGIC = Buffer.from('KOMSNAP1', 'latin1');
const HEADER = MAGIC.length + 32 + 8 + 32;

/** Writes `payload` for `keyHex` (64 hex digits) atomically. */
export function writeSnapshot(file: string, keyHex: string, payload: Uint8Array): void {
  const head = Buffer.alloc(HEADER);
  MAGIC.copy(head, 0);
  Buffer.from(keyHex, 'hex').copy(head, MAGIC.length);
  head.writeBigUInt64LE(BigInt(payload.length), MAGIC.length + 32);
  createHash('sha256').update(payload).digest().copy(head, MAGIC.length + 40);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  removeStaleTemps(path.dirname(file));
  const tmp = `${file}.${process.pid}.${Date.now()}${TMP}`;
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, head);
      fs.writeSync(fd, payload);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

const TMP = '.tmp';

/** A temporary file older than this is stale even when its writer's pid is in use (reused). */
const STALE_TMP_MS = 60 * 60 * 1000;

/** Younger than this, a temporary file is left alone whatever its pid. */
const MIN_TMP_MS = 60 * 1000;

/**
 * Removes the temporary files of writers that are gone (killed while writing: over a minute
 * old and their pid is not running, or over an hour old). They are never read: a snapshot is only ever
 * read under its final name.
 */
export function removeStaleTemps(dir: string, now = Date.now()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return removed;
  }
  for (const n of names) {
    const m = /\.snap\.(\d+)\.(\d+)\.tmp$/.exec(n);
    if (!m) continue;
    const p = path.join(dir, n);
    let mtime: number;
    try {
      mtime = fs.statSync(p).mtimeMs;
    } catch {
      continue;
    }
    const pid = Number(m[1]);
    const age = now - mtime;
    // (A minute at least: a writer of another pid namespace sharing the cache looks dead.)
    if (age > MIN_TMP_MS && ((pid !== process.pid && !processAlive(pid)) || age > STALE_TMP_MS)) {
      fs.rmSync(p, { force: true });
      removed.push(p);
    }
  }
  return removed;
}

export type SnapshotRead = { payload: Buffer } | { missing: true } | { invalid: string };

/** The payload of a valid snapshot for `keyHex`, or why there is none. */
export function readSnapshot(file: string, keyHex: string): SnapshotRead {
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch {
    return { missing: true };
  }
  if (data.length < HEADER || !data.subarray(0, MAGIC.length).equals(MAGIC)) return { invalid: 'not a boot snapshot of this format' };
  if (!data.subarray(MAGIC.length, MAGIC.length + 32).equals(Buffer.from(keyHex, 'hex'))) return { invalid: 'made for another JDK, engine or options' };
  const len = data.readBigUInt64LE(MAGIC.length + 32);
  if (BigInt(data.length - HEADER) !== len) return { invalid: `truncated (${data.length - HEADER} of ${len} bytes)` };
  const payload = data.subarray(HEADER);
  if (!createHash('sha256').update(payload).digest().equals(data.subarray(MAGIC.length + 40, HEADER))) return { invalid: 'corrupt (checksum)' };
  return { payload };
}
