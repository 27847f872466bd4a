// object.ts mutableFields: the fields the engine writes after building a thread or a method are
// mutable in V8's map from the start, so that their first store in a program's steady state
// does not deoptimise every function optimised against them ("code dependencies"; the main
// thread's first `t.xc` store did so in `threads`, docs/BENCHMARKS.md part B, jit18k).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mutableFields } from '../../server/src/interp/object';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('mutableFields keeps every value', () => {
  const arr = [1, 2];
  const obj = { a: 1 };
  const o = { i: 7, d: 0.25, neg: -1, big: 2 ** 40, b: false, t: true, s: 'x', e: '', n: null as unknown, arr, obj, u: undefined as unknown };
  mutableFields(o);
  assert.deepEqual(o, { i: 7, d: 0.25, neg: -1, big: 2 ** 40, b: false, t: true, s: 'x', e: '', n: null, arr, obj, u: undefined });
  assert.equal(o.arr, arr);
  assert.equal(o.obj, obj);
  const k = { a: 1, b: 2 };
  mutableFields(k, ['a']);
  assert.deepEqual(k, { a: 1, b: 2 });
});

/** The fields V8 generalised from const to mutable after `marker` in a script's output. */
function generalisedAfter(script: string, marker: string): string[] {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--no-sparkplug', '--no-maglev', '--trace-generalization', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  assert.equal(r.status, 0, r.stderr);
  const out = r.stdout;
  const at = out.indexOf(marker);
  assert.ok(at >= 0, `no ${marker} in the output:\n${out.slice(-2000)}`);
  const names: string[] = [];
  for (const line of out.slice(at).split('\n')) {
    const m = /^\[generalizing\]([^:]+):\S*const\}->\S*mutable\}/.exec(line);
    if (m) names.push(m[1]);
  }
  return names;
}

test("a thread's and a method's later stores do not generalise their maps", () => {
  const thread = pathToFileURL(join(root, 'server/src/interp/thread.ts')).href;
  const klass = pathToFileURL(join(root, 'server/src/interp/klass.ts')).href;
  const script = `
    const { JThread } = await import(${JSON.stringify(thread)});
    const { JMethod } = await import(${JSON.stringify(klass)});
    const ts = [new JThread(1), new JThread(2)];
    const ms = [new JMethod(null, 'f', '()V', 8, 0), new JMethod(null, 'g', '(I)I', 8, 1)];
    console.log('MARKER');
    for (const t of ts) { t.xc += 5; t.rvR = 7; t.rvR = {}; t.permit = true; t.pendingNative = { resume() {} }; t.sliceEnd = true; t.jsw = 300; }
    for (const m of ms) { m.jit = () => 0; m.counter = 17; m.speculate = false; m.specExits = 3; m.deopts = 2; m.compilations = 1; m.linked = true; }
    console.log('done');
  `;
  const stored = new Set(['xc', 'rvR', 'permit', 'pendingNative', 'sliceEnd', 'jsw', 'jit', 'counter', 'speculate', 'specExits', 'deopts', 'compilations', 'linked']);
  // (console.log's own stream objects may be generalised too: not counted.)
  const names = generalisedAfter(script, 'MARKER').filter((n) => stored.has(n));
  assert.deepEqual(names, []);
});
