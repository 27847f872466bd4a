// Compressed jimage resources (jlink --compress). A compressed resource starts with a 29-byte
// header in the image's byte order: magic 0xCAFEFAFA, u8 compressed size, u8 uncompressed
// size, u4 decompressor-name string offset, u4 content string offset, u1 isTerminal. The
// header is followed by the compressed bytes; compressions stack, so decompression repeats
// while the result still starts with the magic.
// Supported: "zip" (zlib stream). Not supported: "compact-cp" (constant-pool string sharing).

import { inflateSync } from 'node:zlib';
import { JImageFormatError } from './errors';

const MAGIC = 0xcafefafa;
const HEADER_SIZE = 29;
/** More layers than any jlink plugin chain produces; stops corrupt input from looping. */
const MAX_LAYERS = 8;

export interface DecompressContext {
  file: string;
  resource: string;
  littleEndian: boolean;
  /** Reads a string of the image's string table. */
  string(offset: number): string;
}

export function decompressResource(stored: Uint8Array, expectedSize: number, ctx: DecompressContext): Uint8Array {
  let data = stored;
  for (let layer = 0; hasHeader(data, ctx.littleEndian); layer++) {
    if (layer === MAX_LAYERS) throw fail(ctx, `more than ${MAX_LAYERS} nested compression headers`);
    const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const uncompressed = dv.getBigUint64(12, ctx.littleEndian);
    const nameOffset = dv.getUint32(20, ctx.littleEndian);
    const compressor = ctx.string(nameOffset);
    if (compressor !== 'zip') {
      throw fail(ctx, `compressed jimage resource ${ctx.resource} (compressor ${compressor}) is not supported`);
    }
    if (uncompressed > BigInt(expectedSize) * 16n + 1024n) {
      throw fail(ctx, `compression header claims ${uncompressed} bytes for a ${expectedSize}-byte resource`);
    }
    let out: Buffer;
    try {
      out = inflateSync(data.subarray(HEADER_SIZE), { maxOutputLength: Number(uncompressed) + 1 });
    } catch (e) {
      throw fail(ctx, `zip decompression failed: ${(e as Error).message}`);
    }
    if (BigInt(out.length) !== uncompressed) {
      throw fail(ctx, `decompressed to ${out.length} bytes, the header says ${uncompressed}`);
    }
    data = out;
  }
  if (data.length !== expectedSize) {
    throw fail(ctx, `decompressed to ${data.length} bytes, the location says ${expectedSize}`);
  }
  return data;
}

function hasHeader(data: Uint8Array, le: boolean): boolean {
  if (data.length < HEADER_SIZE) return false;
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return dv.getUint32(0, le) === MAGIC;
}

function fail(ctx: DecompressContext, problem: string): JImageFormatError {
  return new JImageFormatError(ctx.file, undefined, `${ctx.resource}: ${problem}`);
}
