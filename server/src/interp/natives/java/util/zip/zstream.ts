// The part of driving zlib (pako's port) that Deflater.c and Inflater.c share: pointing a
// stream at the input and output of one call, as they set next_in/avail_in/next_out/avail_out.

import type { ZStream } from 'pako';

/** Points `strm` at all of `input` and all of `out` for the next deflate or inflate call. */
export function attachBuffers(strm: ZStream, input: Uint8Array, out: Uint8Array): void {
  strm.input = input;
  strm.next_in = 0;
  strm.avail_in = input.length;
  strm.output = out as Uint8Array<ArrayBuffer>;
  strm.next_out = 0;
  strm.avail_out = out.length;
}
