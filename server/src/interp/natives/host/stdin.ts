// The process's own standard input (descriptor 0), read directly by the CLI's embedded engine:
// blocking reads, and the bytes available without blocking (InputStream.available) as HotSpot
// answers them: for a regular file, its size minus the position (the position from
// /proc/self/fdinfo/0); for a pipe or a socket, the bytes already in it (node has no FIONREAD,
// so they are read ahead without blocking and served to the next reads first: through
// descriptor 0 itself when it is non-blocking, as interp-run.ts makes a socket, else through a
// non-blocking descriptor of the same pipe, /proc/self/fd/0); for anything else (a terminal) 0.

import * as fs from 'node:fs';

/** Bytes read ahead from a pipe by `processStdinAvailable`, not yet given to the program. */
let ahead: Buffer = Buffer.alloc(0);
/** End of input seen while reading ahead. */
let aheadEof = false;
/** Non-blocking descriptor of the stdin pipe (-1: not opened, -2: cannot be). */
let peekFd = -1;
/** Bytes read from a regular file when /proc is not there. */
let readCount = 0;

const PIPE_CAPACITY = 65536;

function takeAhead(max: number): Uint8Array {
  const n = Math.min(max, ahead.length);
  const out = Uint8Array.prototype.slice.call(ahead, 0, n);
  ahead = ahead.subarray(n);
  return out;
}

/** Blocking read of the process's stdin; an empty array at end of input. */
export function processStdin(max: number): Uint8Array {
  if (ahead.length > 0) return takeAhead(max);
  if (aheadEof) return new Uint8Array(0);
  const buf = Buffer.alloc(Math.max(1, Math.min(max, 65536)));
  try {
    const n = fs.readSync(0, buf, 0, buf.length, null);
    readCount += n;
    return buf.subarray(0, n);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') {
      // Non-blocking stdin: wait a little and retry.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      return processStdin(max);
    }
    return new Uint8Array(0);
  }
}

function filePosition(): number {
  try {
    const m = /^pos:\s*(\d+)/m.exec(fs.readFileSync('/proc/self/fdinfo/0', 'utf8'));
    if (m) return Number(m[1]);
  } catch {
    // no /proc: count what was read
  }
  return readCount;
}

const O_NONBLOCK = 0o4000;

function nonBlocking(): boolean {
  try {
    const m = /^flags:\s*([0-7]+)/m.exec(fs.readFileSync('/proc/self/fdinfo/0', 'utf8'));
    return m !== null && (parseInt(m[1], 8) & O_NONBLOCK) !== 0;
  } catch {
    return false;
  }
}

function readAhead(fifo: boolean): void {
  if (!fifo) peekFd = nonBlocking() ? 0 : -2;
  else if (peekFd === -1) {
    try {
      peekFd = fs.openSync('/proc/self/fd/0', fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    } catch {
      peekFd = -2;
    }
  }
  if (peekFd < 0) return;
  const room = PIPE_CAPACITY - ahead.length;
  if (room <= 0 || aheadEof) return;
  const buf = Buffer.alloc(room);
  try {
    const n = fs.readSync(peekFd, buf, 0, room, null);
    if (n === 0) aheadEof = true;
    else ahead = Buffer.concat([ahead, buf.subarray(0, n)]);
  } catch {
    // EAGAIN: the pipe is empty for now
  }
}

/** Bytes the next reads of the process's stdin get without blocking. */
export function processStdinAvailable(): number {
  let st: fs.Stats;
  try {
    st = fs.fstatSync(0);
  } catch {
    return ahead.length;
  }
  if (st.isFile()) return Math.max(0, Math.min(0x7fffffff, st.size - filePosition()));
  if (st.isFIFO() || st.isSocket()) readAhead(st.isFIFO());
  return ahead.length;
}
