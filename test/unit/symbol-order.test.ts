// interp/symbol-order.ts: the CDS archive's symbols read from the file, HotSpot's quicksort.
// (The order against java itself: MethodOrder in hotspot-all-engines and hotspot-jdk25.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hotspotQuickSort, symbolRun } from '../../server/src/interp/symbol-order';

/** Permanent Symbol records (u4 hash|0xffff, u2 length, bytes, 8-byte aligned) after some noise. */
function archiveOf(names: readonly string[], noise: number): Uint8Array {
  const parts: number[] = [];
  for (let i = 0; i < noise; i++) parts.push(i & 0xff);
  while (parts.length % 8 !== 0) parts.push(0);
  for (const n of names) {
    const b = Buffer.from(n, 'utf8');
    parts.push(0xff, 0xff, 0x34, 0x12, b.length & 0xff, b.length >> 8, ...b);
    while (parts.length % 8 !== 0) parts.push(0);
  }
  parts.push(1, 2, 3, 4, 5, 6, 7, 8);
  return Uint8Array.from(parts);
}

test('symbolRun: the longest run of permanent Symbol records, ranked in file order', () => {
  const names = Array.from({ length: 1500 }, (_, i) => `n${(i * 7919) % 1500}`);
  const ranks = symbolRun(archiveOf(names, 4099));
  assert.ok(ranks);
  assert.equal(ranks.size, 1500);
  names.forEach((n, i) => assert.equal(ranks.get(n), i, n));
  // Too few records to be an archive's symbol area.
  assert.equal(symbolRun(archiveOf(['a', 'b', 'c'], 64)), null);
});

test('hotspotQuickSort: sorted by key; equal keys in the order HotSpot\'s partition leaves them', () => {
  // Five methods named by key; the tags show where equal keys end up. Median of three puts
  // [0] <= [2] <= [4], then the partition swaps around the pivot value.
  const a = [
    { k: 2, t: 'a' },
    { k: 1, t: 'b' },
    { k: 2, t: 'c' },
    { k: 1, t: 'd' },
    { k: 2, t: 'e' },
  ];
  hotspotQuickSort(a, 0, a.length, (x, y) => x.k - y.k);
  assert.deepEqual(a.map((x) => x.k), [1, 1, 2, 2, 2]);
  // Worked by hand through quickSort.hpp: swap(0, 4) and swap(2, 3) around the pivot c, then
  // [e b d] and [c a] each sorted by the median of three. A stable sort would give b d a c e.
  assert.equal(a.map((x) => x.t).join(''), 'bdeca');
  const big = Array.from({ length: 200 }, (_, i) => (i * 37) % 101);
  hotspotQuickSort(big, 0, big.length, (x, y) => x - y);
  assert.deepEqual(big, [...big].sort((x, y) => x - y));
});
