// The archived string table's packed file (engine/archived-strings-pack.ts, branch hs37): what
// the worker reads instead of the table's 31,000-40,000 strings handed over by the main thread.
// Every string of the table is found with its value, strings not in it are not (prefixes,
// extensions, lone surrogates), a file of another digest or damaged is refused, and the lazy
// reader falls back to the JSON, or throws at its first lookup when neither can be read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeArchivedStringFiles, lazyPackedStrings, openPackedStrings, packedDigest, packStrings, readTableJson, unpackStrings, writePackedStrings } from '../../server/src/engine/archived-strings-pack';
import { tempDir } from '../helpers/java';

/** A deterministic table: ASCII names, their prefixes and extensions, non-Latin text, surrogates. */
function table(n: number, seed: number): [string, number][] {
  let x = seed >>> 0;
  const next = (): number => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
  const out = new Map<string, number>([['', 7], ['a', 1], ['ab', 2], ['abc', 0], ['\ud800', 3], ['\udc00x', 4], ['日本語', -5], ['\u0000', 6]]);
  while (out.size < n) {
    const len = next() % 24;
    let s = '';
    for (let i = 0; i < len; i++) {
      const r = next() % 100;
      s += String.fromCharCode(r < 80 ? 0x61 + (next() % 26) : r < 95 ? 0x2f : 0x100 + (next() % 0xfe00));
    }
    out.set(s, next() | 0);
  }
  return [...out];
}

test('packStrings/unpackStrings: every string with its value, others not found, boxes apart', () => {
  const strings = table(5000, 1);
  const boxes: [string, number][] = [['java/lang/Integer -128', 11], ['java/lang/Long 5', -12]];
  const t = unpackStrings(packStrings(strings, boxes, '0123456789abcdef'), '0123456789abcdef');
  assert.ok(!(t instanceof Error), String(t));
  for (const [s, v] of strings) {
    assert.equal(t.strings.get(s), v, JSON.stringify(s));
    assert.ok(t.strings.has(s));
  }
  const known = new Set(strings.map(([s]) => s));
  for (const [s] of strings.slice(0, 500)) {
    for (const other of [s + 'a', s.slice(1), s + '\ud800', `${s}/`]) {
      if (known.has(other)) continue;
      assert.equal(t.strings.get(other), undefined, JSON.stringify(other));
      assert.equal(t.strings.has(other), false);
    }
  }
  assert.equal(t.boxes.get('java/lang/Long 5'), -12);
  assert.equal(t.boxes.get('java/lang/Integer -128'), 11);
  assert.equal(t.boxes.has('java/lang/Integer -127'), false);
  assert.equal(t.strings.has('java/lang/Long 5'), false);
  // Empty tables too.
  const e = unpackStrings(packStrings([], [], 'ffffffffffffffff'), 'ffffffffffffffff');
  assert.ok(!(e instanceof Error));
  assert.equal(e.strings.has(''), false);
  assert.equal(e.boxes.get('x'), undefined);
});

test('unpackStrings refuses another digest, another file and a damaged one', () => {
  const bytes = packStrings(table(100, 2), [], '0123456789abcdef');
  assert.ok(unpackStrings(bytes, 'fedcba9876543210') instanceof Error);
  assert.ok(unpackStrings(bytes.subarray(0, bytes.length - 2), '0123456789abcdef') instanceof Error);
  assert.ok(unpackStrings(Buffer.from('{"strings":[]}'), '0123456789abcdef') instanceof Error);
  const bad = Uint8Array.from(bytes);
  bad[0] = 0x41;
  assert.ok(unpackStrings(bad, '0123456789abcdef') instanceof Error);
  // A copy at an odd offset (views need 4-byte alignment) reads the same.
  const odd = new Uint8Array(bytes.length + 1);
  odd.set(bytes, 1);
  const t = unpackStrings(odd.subarray(1), '0123456789abcdef');
  assert.ok(!(t instanceof Error));
  assert.equal(t.strings.get('ab'), 2);
  assert.throws(() => packStrings([], [], 'short'));
});

test('lazyPackedStrings: read at the first lookup, from the JSON when the packed file is missing or of another digest, an error when neither is there', () => {
  const dir = tempDir('archived-strings-pack');
  const strings = table(300, 3);
  const boxes: [string, number][] = [['java/lang/Byte 1', 9]];
  const pack = join(dir, 't-strings.pack');
  const json = join(dir, 't-strings.json');
  const digest = 'aaaaaaaaaaaaaaaa';
  assert.equal(packedDigest(pack), undefined);
  writeFileSync(json, JSON.stringify({ strings, boxes, digest }));
  assert.deepEqual(readTableJson(json, digest), { strings, boxes });
  assert.equal(readTableJson(json, 'bbbbbbbbbbbbbbbb'), undefined);
  // Nothing is read before a lookup: the files may come after the lookups are made.
  const lazy = lazyPackedStrings(pack, digest, () => readTableJson(json, digest));
  assert.ok(writePackedStrings(pack, strings, boxes, digest));
  assert.equal(packedDigest(pack), digest);
  rmSync(json);
  assert.equal(lazy.strings.get(strings[100]![0]), strings[100]![1]);
  assert.equal(lazy.boxes.get('java/lang/Byte 1'), 9);
  // The packed file of another digest: the JSON's table.
  writeFileSync(json, JSON.stringify({ strings: [['only', 5]], boxes: [], digest }));
  writePackedStrings(pack, strings, boxes, 'cccccccccccccccc');
  const fromJson = lazyPackedStrings(pack, digest, () => readTableJson(json, digest));
  assert.equal(fromJson.strings.get('only'), 5);
  assert.equal(fromJson.strings.has(strings[0]![0]), false);
  // Neither: the first lookup says so.
  rmSync(pack);
  rmSync(json);
  const none = lazyPackedStrings(pack, digest, () => readTableJson(json, digest));
  assert.throws(() => none.strings.has('x'), /archived string table .* cannot be read/);
});

test('openPackedStrings: the file read a candidate at a time finds what the bytes do; closed and opened again; a replaced or damaged file refused', () => {
  const dir = tempDir('archived-strings-pack-open');
  const strings = table(3000, 4);
  const boxes: [string, number][] = [['java/lang/Short 3', 8], ['java/lang/Character \u00e9', -2]];
  const digest = 'dddddddddddddddd';
  const pack = join(dir, 'o-strings.pack');
  assert.ok(writePackedStrings(pack, strings, boxes, digest));
  const inMemory = unpackStrings(packStrings(strings, boxes, digest), digest);
  const t = openPackedStrings(pack, digest);
  assert.ok(!(t instanceof Error) && !(inMemory instanceof Error), String(t));
  const known = new Set(strings.map(([s]) => s));
  const probes = strings.flatMap(([s]) => [s, `${s}x`, s.slice(1), `\ud800${s}`]);
  for (const s of probes) {
    assert.equal(t.strings.get(s), inMemory.strings.get(s), JSON.stringify(s));
    assert.equal(t.strings.has(s), known.has(s), JSON.stringify(s));
  }
  // Longer than the reader's first scratch (256 bytes): grown.
  const long = 'L'.repeat(700);
  const t2 = openPackedStrings(pack, digest);
  assert.ok(!(t2 instanceof Error));
  assert.equal(t2.strings.has(long), false);
  assert.equal(t.boxes.get('java/lang/Character \u00e9'), -2);
  assert.equal(t.boxes.has('java/lang/Short 4'), false);
  // Closed at the run's end; a later lookup opens the file again.
  closeArchivedStringFiles();
  assert.equal(t.strings.get(strings[7]![0]), strings[7]![1]);
  closeArchivedStringFiles();
  // Replaced by a table of another digest while closed: the next read says so.
  writePackedStrings(pack, strings, boxes, 'eeeeeeeeeeeeeeee');
  assert.throws(() => {
    for (const [s] of strings.slice(0, 50)) t.strings.has(s);
  }, /replaced by another/);
  // Another digest, a truncated file, not a packed file: refused at the open.
  assert.ok(openPackedStrings(pack, digest) instanceof Error);
  const bytes = packStrings(strings, boxes, digest);
  writeFileSync(pack, bytes.subarray(0, bytes.length - 2));
  assert.ok(openPackedStrings(pack, digest) instanceof Error);
  writeFileSync(pack, '{"strings":[]}');
  assert.ok(openPackedStrings(pack, digest) instanceof Error);
  closeArchivedStringFiles();
});
