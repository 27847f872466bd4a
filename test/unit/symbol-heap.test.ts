// The order of a class's declared methods when some of its names were made earlier by another
// class (interp/symbol-heap.ts, branch rm37): HotSpot sorts by the name Symbols' addresses, and
// a class's Symbols are malloc'd in the hole its predecessors' freed class bytes left, below
// the Symbols made while those bytes were in use. test/java/symbol-order/SymbolHoles.java on
// each installed JDK (17, 25) against its java, uninstrumented. Before rm37 the embedded engine
// ranked the run's names by their first appearance and printed `Holder: zqLate1 zqLate2 zqA zqB
// zqC` on both JDKs; java 17 prints `zqA zqB zqC zqLate1 zqLate2`, Temurin 25 `zqLate1 zqA zqB zqC
// zqLate2` (its first three small Symbols go to chunks the start-up left free below the rest).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compileJava, REPO, testJdks } from '../helpers/java';
import type { CorpusProgram } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';

const SRC = join(REPO, 'test', 'java', 'symbol-order');
const classes = compileJava(SRC);
const program: CorpusProgram = { name: 'symbol-order/SymbolHoles', dir: SRC, sources: [], mainClass: 'SymbolHoles', args: [], jvmArgs: [], javacArgs: [] };

for (const jdk of testJdks().filter((j) => j.feature === 17 || j.feature === 25)) {
  test(`JDK ${jdk.feature}: declared methods whose names an earlier class made, in HotSpot's order (SymbolHoles, as java)`, async () => {
    const r = await compareWithHotSpot(program, classes, { instrument: 'none', jdk: jdk.home, timeoutMs: 150_000 });
    assert.deepEqual(r.problems, [], describeInterpComparison(r));
    // The program checks what it should: Holder's own names are not all after the two made earlier.
    assert.match(r.hotspot.stdout, /^Holder: (zqLate1 )?zqA zqB zqC (zqLate1 )?zqLate2$/m);
    assert.match(r.hotspot.stdout, /^Holder2: zqA zqB zqD zqE$/m);
  });
}
