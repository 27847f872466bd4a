// Off-heap memory for Unsafe.allocateMemory (direct byte buffers, NIO temporary buffers) and
// read-only file mappings (the JDK image for jdk.internal.jimage, FileChannel.map).
// Blocks are ArrayBuffers at fake, 16-byte aligned addresses; an address maps to its block by
// binary search over the block starts. A file mapping reads its pages from the file when they
// are first touched (every access goes through view/bytes with its length).

import { readSync } from 'node:fs';
import { VmError } from '../../../../signals';

const PAGE = 1 << 16;

/** A piece of a mapping: `length` bytes of file `fd` from `offset`, at offset `at` of the block. */
export interface MappedPiece {
  at: number;
  fd: number;
  offset: number;
  length: number;
}

interface Block {
  start: number;
  size: number;
  buf: ArrayBuffer;
  dv: DataView;
  /** File mapping: its pieces (block offset `at`, file `fd` from `offset`, `length` bytes) and the loaded pages. */
  file?: { pieces: readonly MappedPiece[]; loaded: Uint8Array };
}

/** Native memory as a boot snapshot holds it: allocated blocks (file mappings are not supported). */
export interface MemoryState {
  next: number;
  blocks: { start: number; size: number; buf: ArrayBuffer }[];
}

class Memory {
  private blocks: Block[] = [];
  private next = 0x100000;

  /** For a boot snapshot; null when a file is mapped (not supported). */
  saveState(): MemoryState | null {
    if (this.blocks.some((b) => b.file !== undefined)) return null;
    return { next: this.next, blocks: this.blocks.map((b) => ({ start: b.start, size: b.size, buf: b.buf })) };
  }

  loadState(s: MemoryState): void {
    this.next = s.next;
    this.blocks = s.blocks.map((b) => ({ start: b.start, size: b.size, buf: b.buf, dv: new DataView(b.buf) }));
  }

  allocate(size: number): number {
    if (size < 0) throw new VmError('java/lang/IllegalArgumentException', String(size));
    if (size > 1 << 30) throw new VmError('java/lang/OutOfMemoryError', `Unable to allocate ${size} bytes`);
    const start = this.next;
    this.next += Math.max(16, (size + 15) & ~15) + 16;
    const buf = new ArrayBuffer(Math.max(size, 8) + 8);
    this.blocks.push({ start, size, buf, dv: new DataView(buf) });
    return start;
  }

  /**
   * Maps [offset, offset+size) of an open file, read-only. `lazy`: pages are read on first
   * access (the descriptor must stay open for the mapping's lifetime); otherwise all at once.
   */
  mapFile(fd: number, offset: number, size: number, lazy: boolean): number {
    return this.mapPieces([{ at: 0, fd, offset, length: size }], size, lazy);
  }

  /** Maps `size` bytes made of pieces of open files (mapFile; bytes no piece covers read as 0). */
  mapPieces(pieces: readonly MappedPiece[], size: number, lazy: boolean): number {
    const start = this.next;
    this.next += Math.max(16, (size + 15) & ~15) + 16;
    const buf = new ArrayBuffer(Math.max(size, 8) + 8);
    const b: Block = { start, size, buf, dv: new DataView(buf), file: { pieces, loaded: new Uint8Array(Math.ceil(size / PAGE) + 1) } };
    this.blocks.push(b);
    if (!lazy) {
      this.fault(b, 0, size);
      delete b.file;
    }
    return start;
  }

  private fault(b: Block, from: number, len: number): void {
    const f = b.file!;
    const last = Math.min(b.size, from + Math.max(len, 1)) - 1;
    for (let p = Math.floor(from / PAGE); p <= Math.floor(last / PAGE); p++) {
      if (f.loaded[p]) continue;
      const at = p * PAGE;
      const end = Math.min(at + PAGE, b.size);
      for (const piece of f.pieces) {
        const lo = Math.max(at, piece.at);
        const hi = Math.min(end, piece.at + piece.length);
        let done = 0;
        while (lo + done < hi) {
          const r = readSync(piece.fd, new Uint8Array(b.buf, lo + done, hi - lo - done), 0, hi - lo - done, piece.offset + lo - piece.at + done);
          if (r <= 0) break;
          done += r;
        }
      }
      f.loaded[p] = 1;
    }
  }

  reallocate(addr: number, size: number): number {
    if (addr === 0) return this.allocate(size);
    const b = this.find(addr);
    const n = this.allocate(size);
    const nb = this.find(n);
    new Uint8Array(nb.buf).set(new Uint8Array(b.buf, 0, Math.min(b.size, size)));
    this.free(addr);
    return n;
  }

  free(addr: number): void {
    if (addr === 0) return;
    const i = this.blocks.findIndex((b) => b.start === addr);
    if (i >= 0) this.blocks.splice(i, 1);
  }

  find(addr: number): Block {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const b = this.blocks[mid];
      if (addr < b.start) hi = mid - 1;
      else if (addr >= b.start + Math.max(b.size, 8) + 8) lo = mid + 1;
      else return b;
    }
    throw new VmError('java/lang/InternalError', `Unsafe: access to unallocated memory at 0x${addr.toString(16)}`);
  }

  view(addr: number, len: number): DataView {
    const b = this.find(addr);
    if (b.file) this.fault(b, addr - b.start, len);
    return b.dv;
  }

  offsetIn(addr: number): number {
    return addr - this.find(addr).start;
  }

  /** Bytes [addr, addr+len) as a Uint8Array view. */
  bytes(addr: number, len: number): Uint8Array {
    const b = this.find(addr);
    if (b.file) this.fault(b, addr - b.start, len);
    return new Uint8Array(b.buf, addr - b.start, len);
  }

  /** The NUL-terminated byte string at `addr` (without the NUL). */
  cString(addr: number): Uint8Array {
    const b = this.find(addr);
    const from = addr - b.start;
    if (b.file) this.fault(b, from, b.size - from);
    const all = new Uint8Array(b.buf, from, b.size - from);
    const end = all.indexOf(0);
    return all.slice(0, end < 0 ? all.length : end);
  }

  copy(src: number, dst: number, n: number): void {
    this.bytes(dst, n).set(this.bytes(src, n).slice());
  }
}

export const memory = new Memory();
