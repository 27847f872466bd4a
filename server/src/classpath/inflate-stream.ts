// Synchronous streaming inflate of a byte range of a file into another file, for zip entries too
// large to hold in memory. Node's synchronous zlib API takes whole buffers only, so a helper
// thread runs the stream (read → inflateRaw → CRC-32 → write) while the caller waits on a
// shared flag; the result comes back through a message port read synchronously.

import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';

export interface InflateResult {
  /** Bytes written. */
  size: number;
  crc: number;
  error?: string;
}

// Plain JavaScript (CommonJS, an eval worker: nothing to bundle or resolve).
const WORKER = `
const { workerData } = require('node:worker_threads');
const { createReadStream, createWriteStream } = require('node:fs');
const { createInflateRaw } = require('node:zlib');
const { pipeline, Transform } = require('node:stream');
const { file, start, length, limit, dst, port, flag } = workerData;
const done = (m) => {
  port.postMessage(m);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
};
process.on('uncaughtException', (e) => done({ size: 0, crc: 0, error: String(e && e.message) }));
const T = new Int32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  T[n] = c;
}
let crc = -1;
let size = 0;
const check = new Transform({
  transform(chunk, _enc, cb) {
    size += chunk.length;
    Atomics.add(flag, 1, 1);
    if (size > limit) return cb(new Error('the data inflates past the size the directory gives (' + limit + ' bytes)'));
    let c = crc;
    for (let i = 0; i < chunk.length; i++) c = T[(c ^ chunk[i]) & 0xff] ^ (c >>> 8);
    crc = c;
    cb(null, chunk);
  },
});
pipeline(createReadStream(file, { start, end: start + length - 1, highWaterMark: 1 << 20 }), createInflateRaw(), check, createWriteStream(dst), (err) =>
  done(err ? { size, crc: 0, error: err.message } : { size, crc: (crc ^ -1) >>> 0 }),
);
`;

const STALL_SECONDS = 60;

/**
 * Inflates the raw deflate data at [start, start + length) of `file` into `dst`, stopping with an
 * error past `limit` output bytes. Blocks the calling thread until done.
 */
export function inflateFileRange(file: string, start: number, length: number, limit: number, dst: string): InflateResult {
  if (length <= 0) return { size: 0, crc: 0, error: 'no compressed data' };
  // flag[0]: 1 when done; flag[1]: chunks so far (a thread that makes no progress is given up).
  const flag = new Int32Array(new SharedArrayBuffer(8));
  const { port1, port2 } = new MessageChannel();
  // execArgv: [] (not the parent's --import hooks): the code is plain JavaScript.
  const worker = new Worker(WORKER, { eval: true, workerData: { file, start, length, limit, dst, port: port2, flag }, transferList: [port2], execArgv: [], stdout: false, stderr: false });
  try {
    let progress = -1;
    let idle = 0;
    while (Atomics.load(flag, 0) === 0) {
      Atomics.wait(flag, 0, 0, 1000);
      const p = Atomics.load(flag, 1);
      idle = p === progress ? idle + 1 : 0;
      progress = p;
      if (idle >= STALL_SECONDS) return { size: 0, crc: 0, error: `the inflating thread made no progress for ${STALL_SECONDS} s` };
    }
    const m = receiveMessageOnPort(port1);
    return m === undefined ? { size: 0, crc: 0, error: 'the inflating thread gave no answer' } : (m.message as InflateResult);
  } finally {
    port1.close();
    void worker.terminate();
  }
}
