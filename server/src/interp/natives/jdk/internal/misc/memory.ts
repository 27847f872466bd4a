// Off-heap memory for Unsafe.allocateMemory (direct byte buffers, NIO temporary buffers).
// Blocks are ArrayBuffers at fake, 16-byte aligned addresses; an address maps to its block by
// binary search over the block starts.

import { VmError } from '../../../../signals';

interface Block {
  start: number;
  size: number;
  buf: ArrayBuffer;
  dv: DataView;
}

class Memory {
  private blocks: Block[] = [];
  private next = 0x100000;

  allocate(size: number): number {
    if (size < 0) throw new VmError('java/lang/IllegalArgumentException', String(size));
    if (size > 1 << 30) throw new VmError('java/lang/OutOfMemoryError', `Unable to allocate ${size} bytes`);
    const start = this.next;
    this.next += Math.max(16, (size + 15) & ~15) + 16;
    const buf = new ArrayBuffer(Math.max(size, 8) + 8);
    this.blocks.push({ start, size, buf, dv: new DataView(buf) });
    return start;
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

  view(addr: number, _len: number): DataView {
    return this.find(addr).dv;
  }

  offsetIn(addr: number): number {
    return addr - this.find(addr).start;
  }

  /** Bytes [addr, addr+len) as a Uint8Array view. */
  bytes(addr: number, len: number): Uint8Array {
    const b = this.find(addr);
    return new Uint8Array(b.buf, addr - b.start, len);
  }

  copy(src: number, dst: number, n: number): void {
    this.bytes(dst, n).set(this.bytes(src, n).slice());
  }
}

export const memory = new Memory();
