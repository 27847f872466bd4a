// A minimal zip writer for tests (PKWARE APPNOTE 4.3.7 local header, 4.3.12 central directory
// header): stored or deflated entries with any name (also unsafe ones such as `../x.class`),
// and one large entry streamed from a generator without holding it in memory.

import { closeSync, openSync, writeSync } from 'node:fs';
import { deflateRawSync, createDeflateRaw } from 'node:zlib';
import { crc32 } from '../../server/src/classpath/zip';

export interface ZipInput {
  name: string;
  data: Uint8Array;
  /** 0 stored, 8 deflated (default). */
  method?: 0 | 8;
  /** Size written in the headers instead of the real one (to fake huge entries). */
  claimedSize?: number;
}

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function localHeader(name: Buffer, method: number, crc: number, compressed: number, size: number): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x0800, 6); // UTF-8 names
  h.writeUInt16LE(method, 8);
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(compressed, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

function finish(fd: number, written: Written[], at: number): void {
  const cds: Buffer[] = [];
  for (const w of written) {
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(20, 6);
    h.writeUInt16LE(0x0800, 8);
    h.writeUInt16LE(w.method, 10);
    h.writeUInt32LE(w.crc, 16);
    h.writeUInt32LE(w.compressed, 20);
    h.writeUInt32LE(w.size, 24);
    h.writeUInt16LE(w.name.length, 28);
    h.writeUInt32LE(w.offset, 42);
    cds.push(h, w.name);
  }
  const cd = Buffer.concat(cds);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(at, 16);
  writeSync(fd, cd);
  writeSync(fd, end);
}

/** Writes a zip of the given entries (at most 65,535; offsets below 4 GiB). */
export function writeZip(path: string, entries: readonly ZipInput[]): void {
  const parts: Buffer[] = [];
  const written: Written[] = [];
  let at = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const method = e.method ?? 8;
    const body = method === 8 ? deflateRawSync(e.data) : Buffer.from(e.data);
    const size = e.claimedSize ?? e.data.length;
    const w: Written = { name, method, crc: crc32(e.data), compressed: method === 0 ? (e.claimedSize ?? body.length) : body.length, size, offset: at };
    const h = localHeader(name, method, w.crc, w.compressed, size);
    parts.push(h, body);
    at += h.length + body.length;
    written.push(w);
  }
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, Buffer.concat(parts));
    finish(fd, written, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a zip whose only entry `name` holds `size` zero bytes, deflated as it is generated
 * (the file is small; nothing of the size is in memory).
 */
export async function writeZeroZip(path: string, name: string, size: number): Promise<void> {
  const chunk = Buffer.alloc(1 << 20);
  let crc = 0;
  for (let left = size; left > 0; left -= chunk.length) crc = crc32(chunk.subarray(0, Math.min(left, chunk.length)), crc);
  const parts: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const d = createDeflateRaw({ level: 9 });
    d.on('data', (b: Buffer) => parts.push(b));
    d.on('end', resolve);
    d.on('error', reject);
    let left = size;
    const pump = (): void => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!d.write(chunk.subarray(0, n))) {
          d.once('drain', pump);
          return;
        }
      }
      d.end();
    };
    pump();
  });
  const body = Buffer.concat(parts);
  const fd = openSync(path, 'w');
  try {
    const nameBuf = Buffer.from(name, 'utf8');
    const h = localHeader(nameBuf, 8, crc, body.length, size);
    writeSync(fd, h);
    writeSync(fd, body);
    finish(fd, [{ name: nameBuf, method: 8, crc, compressed: body.length, size, offset: 0 }], h.length + body.length);
  } finally {
    closeSync(fd);
  }
}
