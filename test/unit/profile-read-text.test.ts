// The fast reader of profile text (profile/read-text.ts, used by load.ts first): on the writer's
// layout and on other whitespace it builds the flat profile the general path (JSON.parse, then
// the checks) builds, and on any text that path rejects, or that it does not handle, it gives up
// so that the error is the general path's own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { fastFlatProfile, flatProfileFromJson, parseFlatProfile, parseJson, parseProfile, profileFromJson } from '../../server/src/profile/load';
import { stringifyProfile, toProfileFile } from '../../server/src/profile/serialize';
import { prng } from '../../server/src/prng';
import { syntheticProfile } from '../../bench/lib/synthetic-profile';
import type { FlatProfile } from '../../server/src/profile/flat';
import type { LoadOptions } from '../../server/src/profile/load';

function small(): string {
  const p = new ProfileBuilder({ granularity: 100, program: 'demo.Main', startTime: 1000, endTime: 2000 })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:12'], { line: 30, count: 5 })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:12'], { line: 31, count: 2 })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:14'], { line: 30, count: 1 })
    .sample(['demo.Main.main([Ljava/lang/String;)V'], { line: 9, count: 2 })
    .sample(['demo.Main.main([Ljava/lang/String;)V'], { count: 3 })
    .sample(['demo.Worker.run()V', 'demo.Main.work(I)I:40'], { thread: 'pool-1', line: 30, count: 4 })
    .bytecodes('main', 1234)
    .bytecodes('pool-1', 432)
    .build();
  return stringifyProfile(p);
}

/** The general path: the flat profile or the error's message. */
function general(text: string, opts: LoadOptions = {}): FlatProfile | string {
  try {
    return flatProfileFromJson(parseJson(text, 'x.json'), 'x.json', opts);
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

function viaLoader(text: string, opts: LoadOptions = {}): FlatProfile | string {
  try {
    return parseFlatProfile(text, 'x.json', opts);
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

test('the writer layout, compact JSON and indented JSON are read by the fast reader into the same flat profile', () => {
  const synthetic = syntheticProfile(1, 20_000, 2_000);
  for (const text of [small(), JSON.stringify(JSON.parse(small())), JSON.stringify(JSON.parse(small()), null, 2), JSON.stringify(synthetic), JSON.stringify(synthetic, null, '\t').replace(/\n/g, '\r\n')]) {
    const fast = fastFlatProfile(text, 'x.json');
    assert.ok(fast !== null, 'the fast reader gave up on a valid profile');
    assert.deepEqual(fast, general(text));
    // the object model built from it is the general path's
    assert.deepEqual(toProfileFile(parseProfile(text, 'x.json')), toProfileFile(profileFromJson(JSON.parse(text), 'x.json')));
  }
});

test('on mutated profile text the fast reader builds what the general path builds, or gives up; errors are the general path\'s', () => {
  const base = small();
  const nodesAt = base.indexOf('"nodes"');
  const r = prng(20);
  const pieces = ['0', '1', '7', '-', '-1', '.5', 'e2', 'E', ',', '[', ']', '{', '}', ' ', '\n', '"', '\\', '00', '-0', '1.0', '1e0', '[]', ',[]', '"nodes":[]', 'null', '9999999999999999'];
  let fastTaken = 0;
  let rejected = 0;
  for (let k = 0; k < 3000; k++) {
    let text = base;
    const edits = 1 + Math.floor(r() * 3);
    for (let e = 0; e < edits; e++) {
      // mostly in the nodes, where the fast reader does its own reading
      const at = r() < 0.85 ? nodesAt + Math.floor(r() * (text.length - nodesAt)) : Math.floor(r() * text.length);
      const piece = pieces[Math.floor(r() * pieces.length)]!;
      const op = r();
      if (op < 0.4) text = text.slice(0, at) + piece + text.slice(at);
      else if (op < 0.7) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(r() * 3));
      else text = text.slice(0, at) + piece + text.slice(at + piece.length);
    }
    const want = general(text);
    const fast = fastFlatProfile(text, 'x.json');
    if (fast !== null) {
      fastTaken++;
      assert.notEqual(typeof want, 'string', `the fast reader accepted text the general path rejects (${String(want)}):\n${text}`);
      assert.deepEqual(fast, want, text);
    }
    if (typeof want === 'string') rejected++;
    assert.deepEqual(viaLoader(text), want);
  }
  // both kinds of case were met
  assert.ok(fastTaken > 100 && rejected > 100, `${fastTaken} read fast, ${rejected} rejected`);
});

test('limits: over maxNodes or maxDepth the loader reports the general path\'s ProfileLimitError', () => {
  const text = small();
  for (const limits of [{ maxNodes: 5 }, { maxDepth: 1 }]) {
    assert.equal(fastFlatProfile(text, 'x.json', { limits }), null);
    const want = general(text, { limits });
    assert.equal(typeof want, 'string');
    assert.match(want as string, /over the limit/);
    assert.equal(viaLoader(text, { limits }), want);
  }
  assert.ok(fastFlatProfile(text, 'x.json', { limits: { maxNodes: 100, maxDepth: 10 } }) !== null);
});
