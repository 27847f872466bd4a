// The wrapper protocol's fast paths stay small in compiled code (server/src/runtime/contract.ts
// HOTSPOT_JIT_OPTIONS): every call from TC.getTC, enter, exit, callOut, callOutReverse and
// sampleNext into the runtime goes to a method HotSpot is told never to inline. Inlined, such
// a slow path made the fast path's compiled code large, and C2 then inlined the fast path into
// no wrapper ("already compiled into a big method"; docs/BENCHMARKS.md part E). A dontinline
// option naming a method that does not exist is silently ignored by HotSpot: each must exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { HOTSPOT_JIT_OPTIONS, RUNTIME_PACKAGE } from '../../server/src/runtime/contract';
import { runtimeClasses } from './runtime-fixtures';
import { compileJava, REPO, runJava } from '../helpers/java';

const FAST_PATHS = ['getTC', 'enter', 'exit', 'callOut', 'callOutReverse', 'sampleNext'];

/** `Class.method` of every dontinline option on the runtime's package. */
function notInlined(): Set<string> {
  const out = new Set<string>();
  for (const o of HOTSPOT_JIT_OPTIONS) {
    const m = /^-XX:CompileCommand=dontinline,(.*)$/.exec(o);
    if (m && m[1]!.startsWith(`${RUNTIME_PACKAGE}/`)) out.add(m[1]!.slice(RUNTIME_PACKAGE.length + 1));
  }
  return out;
}

const parsed = new Map<string, Map<string, string[]>>();

/** javap -c of a runtime class: method name → the `Class.method` of the runtime methods it invokes. */
function runtimeCalls(cls: string): Map<string, string[]> {
  const done = parsed.get(cls);
  if (done) return done;
  const r = spawnSync('javap', ['-c', '-p', '-cp', runtimeClasses().classesDir, `${RUNTIME_PACKAGE.replace(/\//g, '.')}.${cls}`], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of r.stdout.split('\n')) {
    const decl = /^  [\w\s.<>[\],]*?\b([\w$<>]+)\(.*\);$/.exec(line);
    if (decl) {
      current = [];
      if (!out.has(decl[1]!)) out.set(decl[1]!, current);
      else current = out.get(decl[1]!)!;
      continue;
    }
    const call = /invoke\w+\s+#\d+\s+\/\/ (?:Interface)?Method (?:([\w/$]+)\.)?([\w$<>]+):/.exec(line);
    if (call && current) {
      const owner = call[1] ?? `${RUNTIME_PACKAGE}/${cls}`;
      if (owner.startsWith(`${RUNTIME_PACKAGE}/`)) current.push(`${owner.slice(RUNTIME_PACKAGE.length + 1)}.${call[2]}`);
    }
  }
  parsed.set(cls, out);
  return out;
}

test('every runtime call of the wrapper fast paths goes to a method HotSpot never inlines', () => {
  const calls = runtimeCalls('TC');
  const listed = notInlined();
  for (const m of FAST_PATHS) {
    const targets = calls.get(m);
    assert.ok(targets, `TC.${m} found`);
    const inlined = targets.filter((t) => !listed.has(t));
    assert.deepEqual(inlined, [], `TC.${m} calls runtime methods that may be inlined into it: ${inlined.join(', ')}`);
  }
  // The slow paths that make the fast paths' compiled code large are there at all.
  assert.ok(calls.get('getTC')!.includes('Contexts.lookup'));
  assert.ok(calls.get('enter')!.includes('TC.enterSlow'));
});

test('every dontinline option names a method of the runtime', () => {
  for (const t of notInlined()) {
    const [cls, method] = t.split('.') as [string, string];
    assert.ok(runtimeCalls(cls).has(method), `${RUNTIME_PACKAGE}/${t} exists`);
  }
});

test('java with the JIT options prints what java prints (CompileCommand quiet)', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'hotspot-all'));
  const plain = runJava(['-cp', classes, 'HelloWorld']);
  const withOptions = runJava([...HOTSPOT_JIT_OPTIONS, '-cp', classes, 'HelloWorld']);
  assert.equal(withOptions.status, 0, withOptions.stderr);
  assert.equal(withOptions.stdout, plain.stdout);
  assert.equal(withOptions.stderr, plain.stderr);
});
