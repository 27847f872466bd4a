// Focus on a method from a code lens (webview/views/focus.ts): exactly that method's frames are
// highlighted (not another whose name contains it), the graph zooms to its only context, and
// with several contexts it stays whole with the heaviest one selected.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readProfile } from '../../webview/model/profile';
import { buildTree } from '../../webview/model/tree';
import { focusTarget } from '../../webview/views/focus';

const meta = { engine: 'interp', vm: '', jdk: '17', granularity: 10, random: 0, seed: 1, program: 'a.M', args: [], scope: 'all', agent: 't', startTime: 0, endTime: 0, totalBytecodes: 100, totalSamples: 10 };
const methods = [
  ['a.M', 'main', '([Ljava/lang/String;)V', 'M.java'],
  ['a.M', 'isPrime', '(I)Z', 'M.java'],
  ['a.M', 'isPrimeFast', '(I)Z', 'M.java'],
  ['a.M', 'count', '()I', 'M.java'],
];
// main → isPrime (4), main → count → isPrime (3), main → isPrimeFast (2), main (1)
const nodes = [[-1, -1, 0, 0], [0, 0, 0, 1, [3, 1]], [1, 1, 4, 4, [9, 4]], [1, 2, 5, 2, [12, 2]], [1, 3, 6, 0], [4, 1, 15, 3, [9, 3]]];
const profile = readProfile({ format: 'komorium-profile', version: 1, meta, methods, threads: [{ name: 'main', seq: 0, bytecodes: 100, samples: 10, nodes }] });
const tree = buildTree(profile);

test('a method with two contexts: both highlighted, not zoomed, the heavier selected', () => {
  const t = focusTarget(profile.methods, tree, { className: 'a.M', methodName: 'isPrime', descriptor: '(I)Z' });
  assert.equal(t.method, 1);
  assert.deepEqual([...t.methodMatch], [0, 1, 0, 0], 'isPrimeFast is not highlighted');
  assert.deepEqual(t.contexts.map((i) => tree.total[i]), [4, 3]);
  assert.equal(t.zoom, 0);
  assert.equal(t.selected, t.contexts[0]);
});

test('a method with one context: zoomed to it', () => {
  const t = focusTarget(profile.methods, tree, { className: 'a.M', methodName: 'count', descriptor: '()I' });
  assert.equal(t.contexts.length, 1);
  assert.equal(t.zoom, t.contexts[0]);
  assert.equal(profile.methods[tree.method[t.zoom]!]!.name, 'count');
});

test('a method the profile does not have, or another overload: nothing focused', () => {
  for (const f of [{ className: 'a.M', methodName: 'isPrime', descriptor: '(J)Z' }, { className: 'b.X', methodName: 'f', descriptor: '()V' }]) {
    const t = focusTarget(profile.methods, tree, f);
    assert.equal(t.method, -1);
    assert.deepEqual(t.contexts, []);
    assert.equal(t.selected, -1);
  }
});
