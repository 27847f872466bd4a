import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeMutf8, mutf8Length, writeMutf8 } from '../../server/src/classfile/mutf8';
import { ByteWriter } from '../../server/src/classfile/bytes';

function encode(s: string): number[] {
  const w = new ByteWriter(4);
  writeMutf8(w, s);
  const out = [...w.finish()];
  assert.equal((out[0]! << 8) | out[1]!, out.length - 2, 'u2 length prefix');
  return out.slice(2);
}

test('modified UTF-8 encodings of NUL, 1/2/3-byte characters and surrogates (JVMS 4.4.7)', () => {
  const vectors: [string, number[]][] = [
    ['', []],
    ['A~', [0x41, 0x7e]],
    ['\0', [0xc0, 0x80]],
    ['\u0080\u07ff', [0xc2, 0x80, 0xdf, 0xbf]],
    ['\u0800\uffff', [0xe0, 0xa0, 0x80, 0xef, 0xbf, 0xbf]],
    ['\ud83d\ude00', [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80]], // a pair: two 3-byte surrogates, not 4 bytes
    ['\udc00x', [0xed, 0xb0, 0x80, 0x78]], // a lone low surrogate
  ];
  for (const [s, bytes] of vectors) {
    assert.deepEqual(encode(s), bytes, JSON.stringify(s));
    assert.equal(mutf8Length(s), bytes.length);
    assert.equal(decodeMutf8(Uint8Array.from(bytes), 0, bytes.length, 'v'), s);
  }
});

test('random strings of arbitrary UTF-16 code units round-trip, at any offset in a buffer', () => {
  let seed = 12345;
  const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) / (1 << 24);
  for (let i = 0; i < 2000; i++) {
    const len = Math.floor(rnd() * (i % 50 === 0 ? 5000 : 40));
    const ascii = rnd() < 0.3;
    let s = '';
    for (let k = 0; k < len; k++) {
      const r = rnd();
      s += String.fromCharCode(ascii ? Math.floor(r * 128) : r < 0.4 ? Math.floor(r * 320) : Math.floor(rnd() * 0x10000));
    }
    const bytes = encode(s);
    assert.equal(bytes.length, mutf8Length(s));
    const buf = new Uint8Array(bytes.length + 7);
    buf.set(bytes, 3);
    assert.equal(decodeMutf8(buf, 3, 3 + bytes.length, 'r'), s);
  }
});
