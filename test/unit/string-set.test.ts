// The compact string set (server/src/interp/string-set.ts, the CDS archive's string literals):
// the same answers as a Set of the same strings, for one-byte and wider strings, the empty
// string, prefixes and extensions of members, strings added later, and after V8's serializer
// (a boot snapshot writes it as V8 data).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import { stringSetAdd, stringSetHas, stringSetOf } from '../../server/src/interp/string-set';

function sample(): string[] {
  const out: string[] = ['', 'a', 'ab', 'abc', 'java/lang/String', 'Lkomorium/rt/TC;', 'caf\u00e9', 'na\u00efve \u0100', '\u4e2d\u6587', 'x\u0000y'];
  let seed = 12345;
  const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  for (let i = 0; i < 3000; i++) {
    const n = next() % 24;
    let s = '';
    for (let j = 0; j < n; j++) s += String.fromCharCode(next() % 7 === 0 ? 0x80 + (next() % 400) : 0x61 + (next() % 6));
    out.push(s);
  }
  return out;
}

test('answers as a Set of the same strings', () => {
  const strings = sample();
  const members = strings.filter((_, i) => i % 3 !== 1);
  const set = new Set(members);
  const compact = stringSetOf(set);
  const probes = [...strings, ...strings.map((s) => `${s}a`), ...strings.map((s) => s.slice(1)), 'abcd', 'b', '\u00e9'];
  for (const p of probes) assert.equal(stringSetHas(compact, p), set.has(p), JSON.stringify(p));
});

test('strings added later are found; adding a member again says so', () => {
  const compact = stringSetOf(['one', 'two', 'thr\u0113e']);
  assert.equal(stringSetAdd(compact, 'one'), false);
  assert.equal(stringSetAdd(compact, 'thr\u0113e'), false);
  assert.equal(stringSetHas(compact, 'four'), false);
  assert.equal(stringSetAdd(compact, 'four'), true);
  assert.equal(stringSetHas(compact, 'four'), true);
  assert.equal(stringSetAdd(compact, 'four'), false);
  assert.equal(stringSetHas(compact, 'fou'), false);
});

test('an empty set, and one through V8 serialisation', () => {
  const empty = stringSetOf([]);
  assert.equal(stringSetHas(empty, ''), false);
  assert.equal(stringSetHas(empty, 'a'), false);
  const strings = sample();
  const copy = v8.deserialize(v8.serialize(stringSetOf(strings))) as ReturnType<typeof stringSetOf>;
  for (const s of strings) assert.equal(stringSetHas(copy, s), true, JSON.stringify(s));
  assert.equal(stringSetHas(copy, 'zzzzzzzzzzzzzzzzzzzzzzzzzzz'), false);
});

test('many strings added one by one, joined again on the way, are all found', () => {
  const strings = sample();
  const compact = stringSetOf(strings.slice(0, 10));
  const set = new Set(strings.slice(0, 10));
  for (const s of strings) assert.equal(stringSetAdd(compact, s), !set.has(s) && (set.add(s), true), JSON.stringify(s));
  assert.ok(compact.extra.size < set.size / 4, 'the one-byte strings are joined again as they come');
  for (const s of strings) assert.equal(stringSetHas(compact, s), true, JSON.stringify(s));
  for (const s of strings) assert.equal(stringSetHas(compact, `${s}\u0001`), false);
});
