// Pipes to subprocesses. node has no pipe(2), so each pipe is a FIFO made with mkfifo in a
// private temporary directory and unlinked once both ends are open. The VM's end is
// non-blocking (a read or write that would block parks the Java thread: hostwait.ts); the
// child's end is blocking, as with the JDK's pipes. Reads keep what `available()` read ahead.

import * as fs from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { childProcess } from '../../../engine/child-process';

interface HostPipe {
  /** The VM reads this end (else writes it). */
  readonly reading: boolean;
  /** Bytes read ahead by available(), served first. */
  ahead: Buffer;
  eof: boolean;
}

const pipes = new Map<number, HostPipe>();

/** What a boot snapshot cannot hold (snapshot/graph.ts): pipes of the host, or null. */
export function snapshotBlocker(): string | null {
  return pipes.size > 0 ? 'pipes' : null;
}
/** New FIFOs (made with one mkfifo) in a new private directory. */
function fifos(n: number): { dir: string; paths: string[] } {
  const dir = fs.mkdtempSync(join(os.tmpdir(), 'komorium-pipes-'));
  const paths = Array.from({ length: n }, (_, i) => join(dir, `p${i}`));
  try {
    childProcess().execFileSync('mkfifo', ['-m', '600', ...paths], { stdio: 'ignore' });
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return { dir, paths };
}

export interface PipeEnds {
  /** The VM's end (non-blocking). */
  vm: number;
  /** The child's end (blocking; close it in the VM once the child has it). */
  child: number;
}

/**
 * Pipes for a child: `toChild[i]` true makes a pipe the VM writes and the child reads (its
 * stdin), false one the child writes and the VM reads.
 */
export function makePipes(toChild: boolean[]): PipeEnds[] {
  if (toChild.length === 0) return [];
  const { dir, paths } = fifos(toChild.length);
  const { O_RDONLY, O_WRONLY, O_NONBLOCK } = fs.constants;
  try {
    return toChild.map((w, i): PipeEnds => {
      const p = paths[i];
      if (w) {
        // A reader must exist before a non-blocking writer can open; then the child's blocking
        // reader opens at once (a writer exists) and the first reader goes.
        const first = fs.openSync(p, O_RDONLY | O_NONBLOCK);
        const vm = fs.openSync(p, O_WRONLY | O_NONBLOCK);
        const child = fs.openSync(p, O_RDONLY);
        fs.closeSync(first);
        pipes.set(vm, { reading: false, ahead: Buffer.alloc(0), eof: false });
        return { vm, child };
      }
      const vm = fs.openSync(p, O_RDONLY | O_NONBLOCK);
      const child = fs.openSync(p, O_WRONLY);
      pipes.set(vm, { reading: true, ahead: Buffer.alloc(0), eof: false });
      return { vm, child };
    });
  } finally {
    // The open descriptors keep the pipes.
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function isPipe(fd: number): boolean {
  return pipes.has(fd);
}

/** Forgets a pipe (its descriptor is being closed). */
export function pipeClosed(fd: number): void {
  pipes.delete(fd);
}

function fill(fd: number, p: HostPipe): void {
  if (p.eof) return;
  const buf = Buffer.alloc(65536);
  try {
    const n = fs.readSync(fd, buf, 0, buf.length, null);
    if (n === 0) p.eof = true;
    else p.ahead = p.ahead.length === 0 ? buf.subarray(0, n) : Buffer.concat([p.ahead, buf.subarray(0, n)]);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
  }
}

/** Reads into `into`: bytes read, 0 at the end, null when it would block. */
export function pipeRead(fd: number, into: Uint8Array): number | null {
  const p = pipes.get(fd);
  if (p === undefined) throw new Error(`not a pipe: ${fd}`);
  if (p.ahead.length === 0) fill(fd, p);
  if (p.ahead.length > 0) {
    const n = Math.min(into.length, p.ahead.length);
    into.set(p.ahead.subarray(0, n));
    p.ahead = p.ahead.subarray(n);
    return n;
  }
  return p.eof ? 0 : null;
}

/** True when a read would not block (data or the end). */
export function pipeReadable(fd: number): boolean {
  const p = pipes.get(fd);
  if (p === undefined) return true;
  if (p.ahead.length === 0) fill(fd, p);
  return p.ahead.length > 0 || p.eof;
}

/** Bytes a read gets without blocking (FIONREAD). */
export function pipeAvailable(fd: number): number {
  const p = pipes.get(fd);
  if (p === undefined) return 0;
  fill(fd, p);
  return p.ahead.length;
}

/** Writes what the pipe takes now: bytes written, null when it is full (EPIPE throws). */
export function pipeWrite(fd: number, data: Uint8Array): number | null {
  try {
    return fs.writeSync(fd, data, 0, data.length, null);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EAGAIN') return null;
    throw e;
  }
}
