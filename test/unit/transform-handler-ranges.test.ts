// A handler that covers its own first instructions (javac's catch-any of a synchronized block)
// must not cover the counting code the transformer puts at its start: C1 refuses such a method
// ("exception handler covers itself"), so it ran in the interpreter until C2 compiled it
// (ConcurrentHashMap.merge with the JDK instrumented; docs/BENCHMARKS.md part E, ovh15f).
// Nor may that code run with the monitor held outside the handler (HotSpot's monitor-pairing
// analysis then refuses the method: "invalid parsing"): transform/self-covering.ts puts it after
// the covered `astore; aload; monitorexit`.

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
  /** The instructions (mnemonics) in [from, to). */
  covered: string[];
}

/** The exception-table entries of every method of a class file (javap -c -p). */
function exceptionTables(classFile: string): Entry[] {
  const r = spawnSync('javap', ['-c', '-p', classFile], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const out: Entry[] = [];
  let method = '';
  let code: { pc: number; op: string }[] = [];
  let inTable = false;
  for (const line of r.stdout.split('\n')) {
    if (/^  \S.*\);$/.test(line)) {
      method = line.trim();
      code = [];
    }
    const insn = /^\s+(\d+): (\w+)/.exec(line);
    if (insn && !inTable) code.push({ pc: Number(insn[1]), op: insn[2]! });
    if (/^\s+Exception table:/.test(line)) inTable = true;
    else if (inTable) {
      const m = /^\s+(\d+)\s+(\d+)\s+(\d+)\s+\S+/.exec(line);
      if (m) {
        const [from, to, target] = [Number(m[1]), Number(m[2]), Number(m[3])];
        out.push({ method, from, to, target, covered: code.filter((c) => c.pc >= from && c.pc < to).map((c) => c.op) });
      } else if (!/^\s+from\s+to/.test(line)) inTable = false;
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

test('a handler covering its own start covers only local loads and stores and monitorexit', () => {
  const original = exceptionTables(join(classes, 'Locks.class'));
  assert.ok(selfCovering(original).some((e) => e.method.includes('add(int)')), `javac's synchronized handler: ${JSON.stringify(original)}`);
  const after = selfCovering(exceptionTables(join(transformed(), 'Locks.class')));
  // Both versions of add (wrapper and extended) keep javac's entry.
  assert.ok(after.filter((e) => e.method.includes(' add(')).length >= 2, JSON.stringify(after));
  for (const e of after) {
    const odd = e.covered.filter((op) => !/^[ailfd](load|store)(_\d)?$/.test(op) && op !== 'monitorexit');
    assert.deepEqual(odd, [], `${e.method}: [${e.from}, ${e.to}) -> ${e.target} covers ${e.covered.join(' ')}`);
  }
});

test('the transformed synchronized method behaves as before and C1 and C2 compile it', () => {
  const orig = runJava(['-cp', classes, 'Locks']);
  assert.equal(orig.status, 0, orig.stderr);
  assert.match(orig.stdout, /lock held: false/);
  const dir = transformed();
  for (const jit of [['-XX:TieredStopAtLevel=1'], ['-XX:-TieredCompilation']]) {
    const r = runJava(['-Xverify:all', ...jit, '-XX:+PrintCompilation', `-Dkomorium.out=${join(tempDir('prof'), 'p.json')}`, '-cp', `${dir}:${runtime.classesDir}`, 'Locks']);
    assert.equal(r.status, 0, r.stderr);
    const printed = r.stdout.split('\n');
    // -XX:+PrintCompilation writes to the same stdout from compiler threads, in pieces: a
    // program line can land after part of one of its lines, so the program's lines are found
    // anywhere in a line.
    const programLines = printed.map((l) => /caught inside the lock, lock held: \w+|sum -?\d+ total \d+/.exec(l)?.[0]).filter((l) => l !== undefined);
    assert.deepEqual(programLines, orig.stdout.trim().split('\n'));
    const add = printed.filter((l) => /Locks::add \(/.test(l));
    // The extended add (the one main calls) was compiled, and nothing refused.
    assert.ok(add.length > 0, `${jit.join(' ')}: Locks::add not compiled`);
    assert.deepEqual(printed.filter((l) => /COMPILE SKIPPED|bailout|not compilable/.test(l)), [], jit.join(' '));
  }
});
