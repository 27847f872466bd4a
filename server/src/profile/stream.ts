// Exports and reports are produced as a sequence of text chunks (generators), so that a large
// profile is written to its file piece by piece instead of as one giant string: V8 strings
// stop at 2^29 characters, and long before that the copies cost gigabytes.

import { closeSync, createWriteStream, openSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { isDevice } from './device';
import type { Writable } from 'node:stream';

export type Chunks = Iterable<string>;

/** All chunks as one string (small outputs, tests). */
export function joinChunks(chunks: Chunks): string {
  const parts: string[] = [];
  for (const c of chunks) parts.push(c);
  return parts.join('');
}

const BATCH = 1 << 20;

/** Writes chunks to a stream in batches of about 1 MB, waiting whenever the stream is full. */
export async function pipeChunks(chunks: Chunks, out: Writable): Promise<void> {
  let parts: string[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    if (parts.length === 0) return;
    const text = parts.join('');
    parts = [];
    size = 0;
    if (!out.write(text)) {
      await new Promise<void>((resolve, reject) => {
        const done = (e?: Error) => {
          out.off('drain', done);
          out.off('error', done);
          if (e) reject(e);
          else resolve();
        };
        out.on('drain', done);
        out.on('error', done);
      });
    }
  };
  for (const c of chunks) {
    parts.push(c);
    size += c.length;
    if (size >= BATCH) await flush();
  }
  await flush();
}

/**
 * Writes chunks to a file: to a temporary file next to it, renamed over `path` when complete,
 * so a failed export leaves no partial file. The caller's thread stays responsive between
 * batches.
 */
export async function writeChunksToFile(chunks: Chunks, path: string): Promise<void> {
  const direct = isDevice(path);
  const tmp = direct ? path : `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  const out = createWriteStream(tmp);
  const opened = new Promise<void>((resolve, reject) => {
    out.once('open', () => resolve());
    out.once('error', reject);
  });
  try {
    await opened;
    await pipeChunks(chunks, out);
    await new Promise<void>((resolve, reject) => {
      out.once('error', reject);
      out.end(() => resolve());
    });
    if (!direct) renameSync(tmp, path);
  } catch (e) {
    out.destroy();
    try {
      if (!direct) unlinkSync(tmp);
    } catch {
      // not created
    }
    throw e;
  }
}

/** Bytes or text to a file, through a temporary file renamed over `path` when complete. */
export function writeBytesToFile(path: string, data: string | Uint8Array): void {
  if (isDevice(path)) {
    writeFileSync(path, data);
    return;
  }
  const tmp = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // not created
    }
    throw e;
  }
}

/** writeChunksToFile for a thread that may block (a worker): synchronous writes in batches. */
export function writeChunksToFileSync(chunks: Chunks, path: string): void {
  const direct = isDevice(path);
  const tmp = direct ? path : `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  const fd = openSync(tmp, 'w');
  let ok = false;
  try {
    let parts: string[] = [];
    let size = 0;
    for (const c of chunks) {
      parts.push(c);
      size += c.length;
      if (size >= BATCH) {
        writeAll(fd, parts.join(''));
        parts = [];
        size = 0;
      }
    }
    if (parts.length > 0) writeAll(fd, parts.join(''));
    ok = true;
  } finally {
    closeSync(fd);
    if (!ok && !direct) unlinkSync(tmp);
  }
  if (!direct) renameSync(tmp, path);
}

function writeAll(fd: number, text: string): void {
  const b = Buffer.from(text, 'utf8');
  for (let off = 0; off < b.length; ) off += writeSync(fd, b, off, b.length - off);
}
