// A lambda whose first captured value is an array of a class-path class, on the embedded engine
// with the JDK instrumented (scope all: the JDK's LambdaMetafactory links it as Java code). The
// MethodType's first type is probed as an always-visible boot class; that probe threw
// NoClassDefFoundError for `[LLambdaArrays$Box;` (classes.ts arrayByName), so the program died
// at its first lambda (jackson-databind's ReadOnlyClassToSerializerMap did so in every
// ObjectMapper.writeValueAsString). Both engines must print java's output and count the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runJava } from '../helpers/java';
import { classes, komorium, load, work } from '../helpers/hotspot-all';

test('LambdaArrays: a lambda capturing an array of a class-path class links on both engines with the JDK instrumented', () => {
  const expected = runJava(['-cp', classes, 'LambdaArrays']);
  assert.equal(expected.stdout, '7 20 2\n');
  const totals: number[] = [];
  for (const engine of ['interpreter', 'jvm']) {
    const f = join(work, `${engine}.json`);
    const r = komorium(['run', '--engine', engine, '--instrument', 'all', '--granularity', '1', '--random', '0', '-o', f, '-cp', classes, 'LambdaArrays']);
    assert.equal(r.status, 0, `${engine}: ${r.stderr}`);
    assert.equal(r.stdout, expected.stdout, engine);
    const main = load(f).threads.find((t) => t.name === 'main');
    assert.ok(main, engine);
    totals.push(main.bytecodes);
  }
  assert.equal(totals[0], totals[1], 'main thread bytecodes, embedded against HotSpot');
});
