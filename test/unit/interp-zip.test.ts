// java.util.zip on the embedded engine byte for byte as on HotSpot (zlib 1.2.13 in the JDK):
// test/java/interp-zip/ZipConform.java drives Deflater at every level and strategy, wrapped
// and raw, with the input in pieces, small output buffers, SYNC_FLUSH and FULL_FLUSH, level and
// strategy changes in mid-stream, dictionaries and ByteBuffers, and Inflater back the same way
// (also on corrupt input), and prints the CRC-32 of the compressed bytes and of the results of
// every call (bytes written, needsInput, finished, bytes read and written, Adler-32). Node's zlib
// gave other bytes at every level but 0; the old Inflater stopped when input came in pieces.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { REPO, compileJava, javaFiles } from '../helpers/java';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';

test('java.util.zip: Deflater, Inflater and checksums identical to HotSpot', async () => {
  const dir = join(REPO, 'test', 'java', 'interp-zip');
  const classes = compileJava(dir);
  const program = { name: 'interp-zip', dir, sources: javaFiles(dir), mainClass: 'ZipConform', args: [], jvmArgs: [], javacArgs: [] };
  const r = await compareWithHotSpot(program, classes, { instrument: 'none', timeoutMs: 300_000 });
  assert.deepEqual(r.problems, [], describeInterpComparison(r));
  assert.match(r.hotspot.stdout, /^checksums /m);
});
