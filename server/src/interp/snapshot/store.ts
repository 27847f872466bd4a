// Boot snapshot files: a header (magic, the key, the payload's length and checksum, the lengths
// of its parts) and the payload, in parts (graph.ts: the object graph, then the byte arrays
// written beside it). Written to a temporary file and renamed; on read, anything that does not
// check out (truncated, corrupt, another key, another format) is refused with a reason, and the
// run boots as usual. Each part is read into a buffer of its own, so that one can be freed
// (the graph, once deserialised) while another lives on (the byte arrays, viewed by the VM);
// parts the reader asks to leave in the file (the class files) are checked, then read a
// slice at a time while the file stays open (LazyPart).

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { processAlive } from '../../process-alive';

const MAGIC = Buffer.from('KOMSNAP2', 'latin1');
/** Magic, key, payload length, checksum, number of parts; then each part's length (8 bytes). */
const HEADER = MAGIC.length + 32 + 8 + 32 + 4;
const MAX_PARTS = 16;

/**
 * The payload's checksum, in a 32-byte field: CRC-32 (node's zlib.crc32, node >= 20.15; 33 MB in
 * about a quarter of SHA-256's time, 15 ms less on the restore of a profiled hello-world), else
 * SHA-256. It catches damage, not forgery (the cache is the user's own). A file is only ever
 * read by the node version that wrote it (the key holds node's version, index.ts), so writer
 * and reader always use the same kind.
 */
class Checksum {
  private crc = 0;
  private readonly sha = typeof (zlib as { crc32?: unknown }).crc32 === 'function' ? null : createHash('sha256');
  update(p: Uint8Array): void {
    if (this.sha !== null) this.sha.update(p);
    else this.crc = (zlib as unknown as { crc32(d: Uint8Array, v: number): number }).crc32(p, this.crc);
  }
  /** The CRC-32 so far, or null when the checksum is SHA-256 (node < 20.15). */
  crcSoFar(): number | null {
    return this.sha === null ? this.crc : null;
  }
  digest(): Buffer {
    if (this.sha !== null) return this.sha.digest();
    const out = Buffer.alloc(32);
    out.writeUInt32LE(this.crc >>> 0, 0);
    return out;
  }
}

/** Writes `payload` (one byte array, or parts read back apart) for `keyHex` (64 hex digits) atomically. */
export function writeSnapshot(file: string, keyHex: string, payload: Uint8Array | readonly Uint8Array[]): void {
  const parts = payload instanceof Uint8Array ? [payload] : payload;
  if (parts.length < 1 || parts.length > MAX_PARTS) throw new Error(`a snapshot has 1 to ${MAX_PARTS} parts`);
  const head = Buffer.alloc(HEADER + 8 * parts.length);
  MAGIC.copy(head, 0);
  Buffer.from(keyHex, 'hex').copy(head, MAGIC.length);
  const hash = new Checksum();
  let total = 0;
  parts.forEach((p, i) => {
    total += p.length;
    hash.update(p);
    head.writeBigUInt64LE(BigInt(p.length), HEADER + 8 * i);
  });
  head.writeBigUInt64LE(BigInt(total), MAGIC.length + 32);
  hash.digest().copy(head, MAGIC.length + 40);
  head.writeUInt32LE(parts.length, MAGIC.length + 72);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  removeStaleTemps(path.dirname(file));
  const tmp = `${file}.${process.pid}.${Date.now()}${TMP}`;
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, head);
      for (const p of parts) fs.writeSync(fd, p);
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

/**
 * `payload` is the first part; `parts` all of them, each in a buffer of its own. The first two
 * parts (the graph and the integer tables, garbage once restored) are in resizable ArrayBuffers:
 * `releaseBytes` gives their memory back at once, where a plain buffer's waits for the collector
 * to find it dead (never detached: see there).
 */
export type SnapshotRead = { payload: Buffer; parts: Buffer[]; lazy: LazyPart[]; verify: () => boolean } | { missing: true } | { invalid: string };

/**
 * The parts left in the file, to be checked by another thread (readSnapshot's `elsewhere`):
 * `length` bytes at `offset` of the open file `fd` (a process's descriptors are its threads'),
 * which continue the CRC-32 `crc` of the parts before them to `expected`.
 */
export interface LazyCheck {
  fd: number;
  offset: number;
  length: number;
  crc: number;
  expected: number;
}

/**
 * Starts a check of the parts left in the file on another thread; returns its answer once it
 * has one (true: as written), or undefined when it has none (then this thread checks them).
 */
export type CheckElsewhere = (c: LazyCheck) => () => boolean | undefined;

/** The CRC-32 of `length` bytes at `offset` of `fd`, continued from `crc` (LazyCheck). */
export function crcOfRange(fd: number, offset: number, length: number, crc: number): number {
  // A small scratch given back at once (releaseBytes): the host's thread checks while the
  // worker is near its peak, and a 1 MB buffer left to the main isolate's collector was 0.6 MB
  // more of the profiled hello-world's peak RSS (hw18c).
  const scratch = releasableBuffer(Math.min(length, CHECK_CHUNK));
  let c = crc;
  try {
    for (let done = 0; done < length; ) {
      const k = Math.min(scratch.length, length - done);
      const chunk = scratch.subarray(0, k);
      if (readFully(fd, chunk, offset + done) < k) throw new Error('truncated');
      c = (zlib as unknown as { crc32(d: Uint8Array, v: number): number }).crc32(chunk, c);
      done += k;
    }
  } finally {
    releaseBytes(scratch);
  }
  return c;
}

/** crcOfRange's chunk. */
const CHECK_CHUNK = 256 * 1024;

/** An open snapshot file's descriptor. */
interface FdState {
  readonly fd: number;
  closed: boolean;
}

/** A snapshot file kept open for its lazy parts, closed once none refers to it. */
interface OpenFile {
  readonly state: FdState;
}

/** The files this thread keeps open for lazy parts (closeLazyFiles). */
const openFiles = new Set<FdState>();

function closeFd(f: FdState): void {
  openFiles.delete(f);
  if (f.closed) return;
  f.closed = true;
  try {
    fs.closeSync(f.fd);
  } catch {
    // closed already
  }
}

/** Closes the file of lazy parts nothing refers to any more (their VM is gone). */
const closeWhenGone = new FinalizationRegistry<FdState>(closeFd);

/**
 * Closes the snapshot files kept open for lazy parts in this thread (the engine's worker, when
 * its run is over: a worker thread's end does not close the process's file descriptors, and its
 * FinalizationRegistry may never run, so a language server's runs would leak one each). A lazy
 * part read afterwards throws.
 */
export function closeLazyFiles(): void {
  for (const f of openFiles) closeFd(f);
}

/**
 * A part left in the file (readSnapshot's `lazyFrom`): checked with the others when the file
 * was read, then read a slice at a time when needed (a restored class's class file at its
 * first use, graph.ts). The file stays open as long as the part is referred to, so a snapshot
 * replaced or pruned meanwhile (renamed over, removed) is still the one read and checked.
 */
export class LazyPart {
  constructor(
    private readonly file: OpenFile,
    private readonly offset: number,
    readonly length: number,
  ) {}
  /**
   * `n` bytes at `at` in the part, in an array of their own (a plain Uint8Array: a node Buffer
   * in the VM would make the next snapshot of it impossible, graph.ts).
   */
  read(at: number, n: number): Uint8Array {
    if (at < 0 || n < 0 || at + n > this.length) throw new RangeError(`bytes ${at}+${n} outside a snapshot part of ${this.length}`);
    const b = new Uint8Array(n);
    if (this.file.state.closed) throw new Error('the boot snapshot file was closed (its run is over)');
    if (readFully(this.file.state.fd, b, this.offset + at) < n) throw new Error('the boot snapshot was truncated while in use');
    return b;
  }
}

/** Bytes of a lazy part streamed through the checksum. */
const STREAM_CHUNK = 1 << 20;

/** An ArrayBuffer that can shrink (ES2024; node 20's V8 has it, the ES2022 typings do not). */
interface ResizableArrayBuffer extends ArrayBuffer {
  readonly resizable: boolean;
  resize(n: number): void;
}

/**
 * A Buffer of `n` bytes over a resizable ArrayBuffer of its own (releaseBytes frees it); a plain
 * one where V8 cannot reserve it (address space limited: `ulimit -v`).
 */
function releasableBuffer(n: number): Buffer {
  const Ctor = ArrayBuffer as unknown as new (n: number, o: { maxByteLength: number }) => ResizableArrayBuffer;
  try {
    return Buffer.from(new Ctor(n, { maxByteLength: n }), 0, n);
  } catch {
    return Buffer.allocUnsafeSlow(n);
  }
}

/**
 * Gives back the memory of a part read by readSnapshot that is no longer needed (the graph,
 * once deserialised): a resizable buffer shrinks to nothing now (V8 hands the pages back to the
 * system), in a profiled hello-world 21 MB that the collector freed only late in the run, after
 * the peak. Any other buffer is left to the collector: it is never detached (handed to a
 * transfer), since the first ArrayBuffer detached in an isolate invalidates V8's
 * ArrayBufferDetaching protector for good, after which TurboFan's code checks the buffer of
 * every typed-array access: the frames' slot arrays, every primitive Java array, in the
 * generated code and the interpreter alike (a Float64Array loop ~35% slower in node 20; matmul's
 * `multiply` was slowed so by the restore's detaching of its spans' buffer, docs/BENCHMARKS.md
 * part B, xs18). Views of a resized `b` are empty afterwards.
 */
export function releaseBytes(b: ArrayBufferView): void {
  const ab = b.buffer as ResizableArrayBuffer;
  if (ab.resizable === true) ab.resize(0);
}

/**
 * Gives back the memory of all but the first `n` bytes of a part read by readSnapshot, when it
 * is in a resizable buffer (views of the rest are empty afterwards); else nothing.
 */
export function shrinkBytes(b: ArrayBufferView, n: number): void {
  const ab = b.buffer as ResizableArrayBuffer;
  if (ab.resizable === true && b.byteOffset === 0 && n < ab.byteLength) ab.resize(n);
}

function readFully(fd: number, into: Uint8Array, at: number): number {
  let done = 0;
  while (done < into.length) {
    const n = fs.readSync(fd, into, done, into.length - done, at + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}

/**
 * The payload of a valid snapshot for `keyHex`, or why there is none. Parts from `lazyFrom` on
 * are checked but not held: they are LazyParts of the file, kept open (`lazy`). With
 * `elsewhere`, those parts (a profiled hello-world's 16 of its 28 MB: class files, code, line
 * tables) are checked by another thread meanwhile instead of here, off the restore's path;
 * `verify` then says whether they are as written (the other thread's answer, or this thread's
 * own check when it has none), and must be called before anything reads them: a snapshot whose
 * parts are not is not used. Without `elsewhere`, `verify` is true (they were checked here).
 */
export function readSnapshot(file: string, keyHex: string, lazyFrom = MAX_PARTS, elsewhere?: CheckElsewhere): SnapshotRead {
  let fd: number;
  let keepOpen = false;
  let open: OpenFile | null = null;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return { missing: true };
  }
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(HEADER);
    if (readFully(fd, head, 0) < HEADER || !head.subarray(0, MAGIC.length).equals(MAGIC)) return { invalid: 'not a boot snapshot of this format' };
    if (!head.subarray(MAGIC.length, MAGIC.length + 32).equals(Buffer.from(keyHex, 'hex'))) return { invalid: 'made for another JDK, engine or options' };
    const len = head.readBigUInt64LE(MAGIC.length + 32);
    const count = head.readUInt32LE(MAGIC.length + 72);
    if (count < 1 || count > MAX_PARTS) return { invalid: 'corrupt (parts)' };
    const lengths = Buffer.alloc(8 * count);
    const start = HEADER + lengths.length;
    if (readFully(fd, lengths, HEADER) < lengths.length || BigInt(size - start) !== len) return { invalid: `truncated (${Math.max(0, size - start)} of ${len} bytes)` };
    const parts: Buffer[] = [];
    const lazy: LazyPart[] = [];
    const hash = new Checksum();
    // The parts left in the file checked by another thread: only for a CRC-32, which that
    // thread continues from this one's.
    const defer = elsewhere !== undefined && hash.crcSoFar() !== null;
    let lazyStart = -1;
    let at = start;
    let sum = 0n;
    for (let i = 0; i < count; i++) {
      const n = lengths.readBigUInt64LE(8 * i);
      sum += n;
      if (sum > len) return { invalid: 'corrupt (parts)' };
      if (i >= lazyFrom && defer) {
        if (lazyStart < 0) lazyStart = at;
        open ??= { state: { fd, closed: false } };
        lazy.push(new LazyPart(open, at, Number(n)));
        at += Number(n);
        continue;
      }
      if (i >= lazyFrom) {
        const scratch = Buffer.allocUnsafe(Math.min(Number(n), STREAM_CHUNK));
        for (let done = 0; done < Number(n); ) {
          const k = Math.min(scratch.length, Number(n) - done);
          const chunk = scratch.subarray(0, k);
          if (readFully(fd, chunk, at + done) < k) return { invalid: 'truncated' };
          hash.update(chunk);
          done += k;
        }
        open ??= { state: { fd, closed: false } };
        lazy.push(new LazyPart(open, at, Number(n)));
        at += Number(n);
        continue;
      }
      // (A buffer of its own, never a slice of node's pool.)
      const p = i <= 1 ? releasableBuffer(Number(n)) : Buffer.allocUnsafeSlow(Number(n));
      if (readFully(fd, p, at) < p.length) return { invalid: 'truncated' };
      hash.update(p);
      parts.push(p);
      at += p.length;
    }
    if (sum !== len) return { invalid: 'corrupt (parts)' };
    const field = head.subarray(MAGIC.length + 40, MAGIC.length + 72);
    let verify = (): boolean => true;
    if (lazyStart >= 0 && elsewhere !== undefined) {
      // The CRC-32 is the field's first 4 bytes, the rest zeros (Checksum.digest).
      if (field.subarray(4).some((b) => b !== 0)) return { invalid: 'corrupt (checksum)' };
      const check: LazyCheck = { fd, offset: lazyStart, length: at - lazyStart, crc: hash.crcSoFar() as number, expected: field.readUInt32LE(0) };
      const answer = elsewhere(check);
      let known: boolean | undefined;
      verify = () => {
        if (known === undefined) {
          try {
            known = answer() ?? crcOfRange(check.fd, check.offset, check.length, check.crc) >>> 0 === check.expected >>> 0;
          } catch {
            known = false; // truncated since, or closed
          }
        }
        return known;
      };
    } else if (!hash.digest().equals(field)) return { invalid: 'corrupt (checksum)' };
    if (open !== null) {
      keepOpen = true;
      openFiles.add(open.state);
      closeWhenGone.register(open, open.state);
    }
    return { payload: parts[0], parts, lazy, verify };
  } finally {
    if (!keepOpen) fs.closeSync(fd);
  }
}
