import { test } from 'node:test';
import assert from 'node:assert/strict';
import { placeChecks, loopHeaders, longest, type CfgBlock } from '../../server/src/transform/checks';

const blk = (length: number, succs: number[], extra: Partial<CfgBlock> = {}): CfgBlock => ({
  length,
  succs,
  terminates: false,
  invokes: false,
  ...extra,
});

test('paper Figure 4: sqSum gets checks at the loop header, the return and the invoking block, not the entry', () => {
  // B0: result=0 (2) -> B1: if from>to (3) -> B2 return (2) | B3 body with invoke (7) -> B1
  const blocks = [blk(2, [1]), blk(3, [2, 3]), blk(2, [], { terminates: true }), blk(7, [1], { invokes: true })];
  const p = placeChecks(blocks, [0], 50);
  assert.deepEqual(p.reason, [undefined, 'loop-header', 'terminates', 'invokes']);
  assert.equal(p.longestUncheckedPath, 7);
});

test('loop headers: back edges of nested loops and irreducible flow', () => {
  const blocks = [blk(1, [1]), blk(1, [2, 4]), blk(1, [3, 1]), blk(1, [2]), blk(1, [])];
  assert.deepEqual([...loopHeaders(blocks, [0])].sort(), [1, 2]);
  // Irreducible: 0 -> 1, 0 -> 2, 1 <-> 2
  const irr = [blk(1, [1, 2]), blk(1, [2]), blk(1, [1])];
  const h = loopHeaders(irr, [0]);
  assert.equal(h.size, 1);
  assert.ok(Number.isFinite(placeChecks(irr, [0], 50).longestUncheckedPath));
});

test('MaxPath: a long straight chain gets extra checks so no run exceeds it', () => {
  const blocks: CfgBlock[] = [];
  for (let i = 0; i < 20; i++) blocks.push(blk(10, i < 19 ? [i + 1] : [], i === 19 ? { terminates: true } : {}));
  const p = placeChecks(blocks, [0], 50);
  assert.ok(p.longestUncheckedPath <= 50);
  const added = p.reason.filter((r) => r === 'max-path').length;
  // 200 bytecodes, runs of at most 50 with the last block already checked: 3 extra checks.
  assert.equal(added, 3);
});

test('MaxPath 0 disables extra checks', () => {
  const blocks = [blk(40, [1]), blk(40, [2]), blk(40, [], { terminates: true })];
  const p = placeChecks(blocks, [0], 0);
  assert.deepEqual(p.reason, [undefined, undefined, 'terminates']);
  assert.equal(p.longestUncheckedPath, 80);
});

test('property: random graphs always respect MaxPath and the mandatory checks', () => {
  let seed = 12345;
  const rnd = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  for (let iter = 0; iter < 500; iter++) {
    const n = 1 + rnd(30);
    const blocks: CfgBlock[] = [];
    for (let b = 0; b < n; b++) {
      const succs: number[] = [];
      const k = rnd(3);
      for (let j = 0; j < k; j++) succs.push(rnd(n));
      blocks.push(blk(1 + rnd(25), succs, { terminates: succs.length === 0, invokes: rnd(5) === 0 }));
    }
    const roots = [0, ...(rnd(3) === 0 ? [rnd(n)] : [])];
    const maxPath = 25 + rnd(40);
    const p = placeChecks(blocks, roots, maxPath);
    assert.ok(p.longestUncheckedPath <= maxPath, `iteration ${iter}: ${p.longestUncheckedPath} > ${maxPath}`);
    assert.equal(longest(blocks, p.reason, [...roots, ...blocks.keys()]), p.longestUncheckedPath);
    blocks.forEach((b, i) => {
      if (b.terminates || b.invokes) assert.notEqual(p.reason[i], undefined);
    });
  }
});
