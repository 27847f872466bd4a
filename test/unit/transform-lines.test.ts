// Per-line truth (docs/TRANSFORM.md, "Sample lines"): a sample is credited to the line of the
// bytecode at which the thread's count reached the threshold, not to the line of the check
// that took it (checks sit on loop headers). Loops of every shape (nested, while, if inside,
// switch inside, a lambda called in a loop) are profiled exactly (embedded engine, --exact)
// and sampled at granularity 1,000 randomized on both engines; every line's share of the
// samples must be within 2 points of its exact share, and the two engines' profiles equal.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadProfile } from '../../server/src/profile/index';
import { profileDifferences } from '../../server/src/profile/equal';
import { mergeThreads } from '../../server/src/profile/tree';
import { methodStats } from '../../server/src/profile/lines';
import type { Profile } from '../../server/src/profile/schema';
import { decodeInts, encodeInts, lineAtPath } from '../../server/src/transform/paths';
import { compileJava, tempDir, REPO } from '../helpers/java';
import { runExactAndSampled } from '../helpers/exact-sampled';

const SRC = join(REPO, 'test', 'java', 'lines');
const MAIN = 'LoopLines';
const SAMPLED = { granularity: 1000, random: 100, seed: 1 };

/** Percent of all self samples per source line of the program's file. */
function lineShares(p: Profile): Map<number, number> {
  const shares = new Map<number, number>();
  let total = 0;
  for (const m of methodStats(mergeThreads(p))) {
    for (const l of m.lines) {
      total += l.self;
      if (m.method.className === MAIN || m.method.className.startsWith(`${MAIN}$`)) shares.set(l.line, (shares.get(l.line) ?? 0) + l.self);
    }
  }
  for (const [k, v] of shares) shares.set(k, (100 * v) / total);
  return shares;
}

test('a loop body line gets its exact share of the samples on both engines', async () => {
  const classes = compileJava(SRC);
  const work = tempDir('lines');
  const { exact: exactOut, jvm: jvmOut, interp: interpOut } = await runExactAndSampled(classes, MAIN, work, SAMPLED);
  const exact = lineShares(loadProfile(exactOut));
  const jvmProfile = loadProfile(jvmOut);
  const interpProfile = loadProfile(interpOut);
  assert.ok(jvmProfile.meta.totalSamples > 2000, `samples: ${jvmProfile.meta.totalSamples}`);

  // The lines marked `// body` in the source.
  const body = readFileSync(join(SRC, `${MAIN}.java`), 'utf8')
    .split('\n')
    .flatMap((text, i) => (/\/\/ body$/.test(text) ? [i + 1] : []));
  assert.ok(body.length >= 10, 'body lines found');
  for (const l of body) assert.ok((exact.get(l) ?? 0) >= 0.5, `line ${l} does work in the exact profile (${exact.get(l) ?? 0}%)`);

  for (const [engine, p] of [['jvm', jvmProfile], ['interp', interpProfile]] as const) {
    const sampled = lineShares(p);
    const lines = [...new Set([...exact.keys(), ...sampled.keys()])].sort((a, b) => a - b);
    const table = lines.map((l) => `${l}: exact ${(exact.get(l) ?? 0).toFixed(2)}% sampled ${(sampled.get(l) ?? 0).toFixed(2)}%`).join('\n');
    for (const l of lines) {
      const d = Math.abs((exact.get(l) ?? 0) - (sampled.get(l) ?? 0));
      assert.ok(d <= 2, `${engine}: line ${l} is ${d.toFixed(2)} points off its exact share\n${table}`);
    }
  }
  interpProfile.meta.engine = jvmProfile.meta.engine;
  assert.deepEqual(profileDifferences(jvmProfile, interpProfile), []);
});

test('path tables: encoding round trip and the lookup by path class and overshoot', () => {
  const values = [0, 1, 0x3fff, 0x4000, 65535, 1 << 27];
  assert.deepEqual(decodeInts(encodeInts(values)), values);
  for (const c of encodeInts(values)) assert.ok(c.charCodeAt(0) < 0x8000);
  // Two keys: path 0 ends with 2 bytecodes on line 30 after 3 on line 10 (its first run);
  // path 1 with the same 2 on line 30 after 1 on line 20.
  const ints = [2, 3, 8, 2, 30, 2, 10, 0, 2, 30, 2, 20, 0];
  assert.equal(lineAtPath(ints, 0, 0), 30);
  assert.equal(lineAtPath(ints, 0, 1), 30);
  assert.equal(lineAtPath(ints, 0, 2), 10);
  assert.equal(lineAtPath(ints, 0, 4), 10);
  assert.equal(lineAtPath(ints, 0, 99), 10, 'beyond the path start: its first bytecode');
  assert.equal(lineAtPath(ints, 1, 2), 20);
  assert.equal(lineAtPath(ints, 1, 5), 20);
  assert.equal(lineAtPath(ints, 2, 0), -1, 'no such key');
});
