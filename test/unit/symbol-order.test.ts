// interp/symbol-order.ts: HotSpot's quicksort.
// (The order against java itself: MethodOrder in hotspot-all-engines and hotspot-jdk25.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hotspotQuickSort } from '../../server/src/interp/symbol-order';

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
