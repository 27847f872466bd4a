// The embedded JVM's `long` (server/src/interp/long.ts: a number when a safe integer, else a
// bigint) against BigInt reference arithmetic on 64-bit two's complement, for operands chosen
// to hit every fast path: small ints, masks, values around 2^31, 2^32, 2^53 and 2^63, negatives.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as L from '../../server/src/interp/long';

const wrap = (v: bigint): bigint => BigInt.asIntN(64, v);

function values(): bigint[] {
  const base = [0n, 1n, -1n, 2n, 3n, 7n, 255n, 1023n, 0x7fffffffn, 0x80000000n, 0xffffffffn, 0x100000000n, (1n << 53n) - 1n, 1n << 53n, (1n << 62n) + 5n, (1n << 63n) - 1n, -(1n << 63n)];
  const out = new Set<bigint>();
  for (const b of base) for (const d of [-1n, 0n, 1n]) for (const s of [1n, -1n]) out.add(wrap(s * b + d));
  // A deterministic pseudo-random sample of wide values.
  let x = 0x9e3779b97f4a7c15n;
  for (let i = 0; i < 40; i++) {
    x = wrap(x * 6364136223846793005n + 1442695040888963407n);
    out.add(x);
    out.add(x >> BigInt(i % 60));
  }
  return [...out];
}

const V = values();
const long = (v: bigint): L.Long => L.longOf(v);
const big = (a: L.Long): bigint => L.toBig(a);

function check2(name: string, f: (a: L.Long, b: L.Long) => L.Long, ref: (a: bigint, b: bigint) => bigint): void {
  for (const a of V)
    for (const b of V) {
      const got = f(long(a), long(b));
      assert.equal(big(got), wrap(ref(a, b)), `${name}(${a}, ${b})`);
      // Canonical form: a number exactly when the value is a safe integer.
      const v = big(got);
      assert.equal(typeof got === 'number', v >= -(2n ** 53n - 1n) && v <= 2n ** 53n - 1n, `${name}(${a}, ${b}) representation`);
    }
}

test('long add, sub, mul, and, or, xor match 64-bit two\'s complement', () => {
  check2('ladd', L.ladd, (a, b) => a + b);
  check2('lsub', L.lsub, (a, b) => a - b);
  check2('lmul', L.lmul, (a, b) => a * b);
  check2('land', L.land, (a, b) => a & b);
  check2('lor', L.lor, (a, b) => a | b);
  check2('lxor', L.lxor, (a, b) => a ^ b);
});

test('long shifts use the low 6 bits of the count', () => {
  for (const a of V)
    for (let n = -1; n <= 70; n++) {
      const s = BigInt(n & 63);
      assert.equal(big(L.lshl(long(a), n)), wrap(a << s), `lshl(${a}, ${n})`);
      assert.equal(big(L.lshr(long(a), n)), wrap(a >> s), `lshr(${a}, ${n})`);
      assert.equal(big(L.lushr(long(a), n)), wrap(BigInt.asUintN(64, a) >> s), `lushr(${a}, ${n})`);
    }
});

test('long division and remainder truncate toward zero', () => {
  for (const a of V)
    for (const b of V) {
      if (b === 0n) continue;
      assert.equal(big(L.ldiv(long(a), long(b))), wrap(a / b), `ldiv(${a}, ${b})`);
      assert.equal(big(L.lrem(long(a), long(b))), wrap(a % b), `lrem(${a}, ${b})`);
    }
});

test('long[] elements (aload/astore through the int32 view and the BigInt64Array) round-trip in canonical form', () => {
  const vs = values();
  const data = new BigInt64Array(vs.length);
  const a = { data, w: new Int32Array(data.buffer) };
  vs.forEach((v, i) => L.astore(a, i, L.longOf(v)));
  vs.forEach((v, i) => {
    assert.equal(data[i], v, `stored ${v}`);
    assert.equal(L.aload(a, i), L.longOf(v), `loaded ${v}`);
  });
});
