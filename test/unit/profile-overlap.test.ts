import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { overlap, methodOverlap, overlapOfCounters, contextCounters, ContextIds } from '../../server/src/profile/overlap';

const MAIN = 'p.Main.main()V';

function prof(samples: [string[], number][], thread = 'main'): ReturnType<ProfileBuilder['build']> {
  const b = new ProfileBuilder();
  for (const [stack, count] of samples) b.sample(stack, { count, thread });
  return b.build();
}

const near = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9, `${a} ≈ ${b}`);

test('identical profiles overlap 100%, also when one has more samples (relative effort)', () => {
  const a = prof([
    [[MAIN, 'p.Main.a()V'], 6],
    [[MAIN, 'p.Main.b()V'], 4],
  ]);
  const b = prof([
    [[MAIN, 'p.Main.a()V'], 60],
    [[MAIN, 'p.Main.b()V'], 40],
  ]);
  near(overlap(a, a), 100);
  near(overlap(a, b), 100);
  near(methodOverlap(a, b), 100);
});

test('disjoint profiles overlap 0%; an empty profile overlaps nothing', () => {
  const a = prof([[[MAIN, 'p.Main.a()V'], 5]]);
  const b = prof([[[MAIN, 'p.Main.b()V'], 5]]);
  near(overlap(a, b), 0);
  near(methodOverlap(a, b), 0);
  near(overlap(a, new ProfileBuilder().build()), 0);
});

test('worked example (paper Section 7.1): sum over common contexts of the smaller relative effort', () => {
  // A: main 10, main>a 6, main>b 4  => rce 0.5, 0.3, 0.2
  // B: main 2,  main>a 3, main>c 1  => rce 1/3, 0.5, 1/6
  // common: main min(0.5, 1/3) + main>a min(0.3, 0.5) = 1/3 + 0.3
  const a = prof([
    [[MAIN], 10],
    [[MAIN, 'p.Main.a()V'], 6],
    [[MAIN, 'p.Main.b()V'], 4],
  ]);
  const b = prof([
    [[MAIN], 2],
    [[MAIN, 'p.Main.a()V'], 3],
    [[MAIN, 'p.Main.c()V'], 1],
  ]);
  near(overlap(a, b), 100 * (1 / 3 + 0.3));
  near(overlap(b, a), overlap(a, b));
});

test('contexts are whole call paths; the method-level variant only looks at the top method', () => {
  // Same methods on top, reached through different callers.
  const a = prof([[[MAIN, 'p.Main.x()V', 'p.Util.hot()V'], 8], [[MAIN, 'p.Main.cold()V'], 2]]);
  const b = prof([[[MAIN, 'p.Main.y()V', 'p.Util.hot()V'], 8], [[MAIN, 'p.Main.cold()V'], 2]]);
  near(overlap(a, b), 20);
  near(methodOverlap(a, b), 100);
});

test('call-site lines distinguish contexts only when asked', () => {
  const a = prof([[[MAIN, 'p.Main.a()V:10'], 5]]);
  const b = prof([[[MAIN, 'p.Main.a()V:11'], 5]]);
  near(overlap(a, b), 100);
  near(overlap(a, b, { lines: true }), 0);
});

test('contexts of all threads are merged', () => {
  const b = new ProfileBuilder().sample([MAIN, 'p.Main.a()V'], { count: 3, thread: 't1' }).sample([MAIN, 'p.Main.a()V'], { count: 1, thread: 't2' }).sample([MAIN], { count: 4, thread: 't2' }).build();
  const a = prof([
    [[MAIN, 'p.Main.a()V'], 1],
    [[MAIN], 1],
  ]);
  near(overlap(a, b), 100);
  const ids = new ContextIds();
  const ca = contextCounters(b, {}, ids);
  assert.deepEqual([...ca.values()].sort(), [4, 4]);
  near(overlapOfCounters(new Map([['x', 1]]), new Map([['x', 0]])), 0);
});

test('deep recursion is handled without long keys or stack overflow', () => {
  const stack = [MAIN, ...Array.from({ length: 5000 }, () => 'p.Main.rec()V')];
  const a = prof([[stack, 3], [stack.slice(0, 2500), 1]]);
  const b = prof([[stack, 1]]);
  near(overlap(a, b), 75);
});
