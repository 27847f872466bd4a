// A handler that covers its own first instructions (javac's catch-any of a synchronized block)
// must not cover the counting code the transformer puts at its start: C1 refuses such a method
// ("exception handler covers itself"), so it ran in the interpreter until C2 compiled it
// (ConcurrentHashMap.merge with the JDK instrumented; docs/BENCHMARKS.md part E, ovh15f).
// transform/self-covering.ts starts the entry's range after that code.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { compileJava, runJava, tempDir, REPO } from '../helpers/java';
import { transformClassPath } from '../../server/src/transform/driver';
import { buildRuntime } from '../../server/src/runtime/build';

const classes = compileJava(join(REPO, 'test', 'java', 'handler-ranges'));
const runtime = buildRuntime(tempDir('rt'));

interface Entry {
  method: string;
  from: number;
  to: number;
  target: number;
}

/** The exception-table entries of every method of a class file (javap -c -p). */
function exceptionTables(classFile: string): Entry[] {
  const r = spawnSync('javap', ['-c', '-p', classFile], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const out: Entry[] = [];
  let method = '';
  let inTable = false;
  for (const line of r.stdout.split('\n')) {
    if (/^  \S.*\);$/.test(line)) method = line.trim();
    if (/^\s+Exception table:/.test(line)) inTable = true;
    else if (inTable) {
      const m = /^\s+(\d+)\s+(\d+)\s+(\d+)\s+\S+/.exec(line);
      if (m) out.push({ method, from: Number(m[1]), to: Number(m[2]), target: Number(m[3]) });
      else if (!/^\s+from\s+to/.test(line)) inTable = false;
    }
  }
  return out;
}

const selfCovering = (es: Entry[]): Entry[] => es.filter((e) => e.from <= e.target && e.target < e.to);

function transformed(): string {
  const out = tempDir('tx');
  const r = transformClassPath({ classpath: [classes], outDir: out, maxPath: 50 });
  assert.equal(r.failed.length, 0, JSON.stringify(r.failed));
  return out;
}

test('no handler of the transformed code covers its own start; the original has one', () => {
  const original = exceptionTables(join(classes, 'Locks.class'));
  assert.ok(selfCovering(original).some((e) => e.method.includes('add(int)')), `javac's synchronized handler: ${JSON.stringify(original)}`);
  const after = exceptionTables(join(transformed(), 'Locks.class'));
  // The synchronized block is still protected in every version of add (wrapper and extended).
  const adds = after.filter((e) => e.method.includes(' add('));
  assert.ok(adds.length >= 4, JSON.stringify(adds));
  assert.deepEqual(selfCovering(after), []);
});

test('the transformed synchronized method behaves as before and C1 compiles it', () => {
  const orig = runJava(['-cp', classes, 'Locks']);
  assert.equal(orig.status, 0, orig.stderr);
  assert.match(orig.stdout, /lock held: false/);
  const dir = transformed();
  const r = runJava(['-Xverify:all', '-XX:TieredStopAtLevel=1', '-XX:+PrintCompilation', `-Dkomorium.out=${join(tempDir('prof'), 'p.json')}`, '-cp', `${dir}:${runtime.classesDir}`, 'Locks']);
  assert.equal(r.status, 0, r.stderr);
  const printed = r.stdout.split('\n');
  assert.deepEqual(printed.filter((l) => /caught|^sum/.test(l)), orig.stdout.trim().split('\n'));
  assert.deepEqual(printed.filter((l) => /covers itself/.test(l)), []);
  // The extended add (the one main calls) was compiled by C1.
  assert.ok(printed.some((l) => /Locks::add \(/.test(l) && !/COMPILE SKIPPED/.test(l)), printed.filter((l) => /Locks::/.test(l)).join('\n'));
});
