// Profile Test lenses (lsp/test-lens.ts) on JUnit 5 and JUnit 4 test methods and their classes,
// and the baseline deltas on lenses and line marks (lsp/baseline.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanJava } from '../../server/src/lsp/java-scan';
import { PROFILE_TEST_COMMAND, testLenses, testTargets } from '../../server/src/lsp/test-lens';
import { withDeltas, methodDelta } from '../../server/src/lsp/baseline';
import type { DiffView } from '../../server/src/profile/diff-view';
import type { DocumentHotness } from '../../server/src/lsp/protocol';

const SRC = `package demo;

import org.junit.jupiter.api.*;
import org.junit.jupiter.params.ParameterizedTest;

class CalcTest {
    @BeforeEach void setUp() {}

    @Test
    void adds() { helper(); }

    @org.junit.Test public void legacy() {}

    @ParameterizedTest @ValueSource(ints = {1, 2})
    void param(int x) {}

    @Disabled("later") @RepeatedTest(3) void repeated() {}

    void helper() {}

    @Nested class Inner {
        @Test void inner() {}
    }
}

class NotATest {
    void run() {}
}
`;

test('lenses on every test method and on each class that declares tests', () => {
  const src = scanJava(SRC);
  const targets = testTargets('file:///w/CalcTest.java', src).map((t) => `${t.className}${t.method ? `#${t.method}` : ''}@${t.line}`);
  assert.deepEqual(targets, ['demo.CalcTest@5', 'demo.CalcTest$Inner@20', 'demo.CalcTest#adds@9', 'demo.CalcTest#legacy@11', 'demo.CalcTest#param@14', 'demo.CalcTest#repeated@16', 'demo.CalcTest$Inner#inner@21']);
  const lenses = testLenses('file:///w/CalcTest.java', src);
  assert.equal(lenses.length, 7);
  const adds = lenses[2]!;
  assert.equal(adds.command?.command, PROFILE_TEST_COMMAND);
  assert.equal(adds.command?.title, '$(flame) Profile Test');
  assert.deepEqual(adds.command?.arguments, [{ uri: 'file:///w/CalcTest.java', className: 'demo.CalcTest', method: 'adds' }]);
  assert.deepEqual(adds.range.start, { line: 9, character: 9 });
  assert.equal(lenses[0]!.command?.title, '$(flame) Profile Tests');
  assert.deepEqual(lenses[0]!.command?.arguments, [{ uri: 'file:///w/CalcTest.java', className: 'demo.CalcTest' }]);
  assert.deepEqual(testLenses('file:///w/Main.java', scanJava('class Main { public static void main(String[] a) {} }')), []);
});

test('baseline deltas on lens texts and line marks', () => {
  const diff: DiffView = {
    baseTitle: 'b.json',
    baseBytecodes: 100,
    newBytecodes: 200,
    warnings: [],
    all: { methods: [], parent: Int32Array.of(-1), method: Int32Array.of(-1), callLine: Float64Array.of(0), baseSelf: Float64Array.of(0), baseTotal: Float64Array.of(0), newSelf: Float64Array.of(0), newTotal: Float64Array.of(0), inNew: Uint8Array.of(1) },
    methods: { names: ['demo.CalcTest\u0000adds\u0000()V'], method: Int32Array.of(0), line: Int32Array.of(0), base: Float64Array.of(1_000_000), new: Float64Array.of(1_123_000) },
    lines: { names: ['demo.CalcTest\u0000adds\u0000()V', 'other.X\u0000m\u0000()V'], method: Int32Array.of(0, 1), line: Int32Array.of(10, 10), base: Float64Array.of(0, 0), new: Float64Array.of(1_200_000, 5) },
  };
  assert.equal(methodDelta(diff, { className: 'demo.CalcTest', name: 'adds', descriptor: '()V' }), '+12.3% (+123.0k bytecodes)');
  assert.equal(methodDelta(diff, { className: 'demo.CalcTest', name: 'helper', descriptor: '()V' }), undefined);
  const stat = { selfPct: 1, totalPct: 1, selfSamples: 1, totalSamples: 1, selfBytecodes: 1, totalBytecodes: 1 };
  const h: DocumentHotness = {
    uri: 'file:///w/CalcTest.java',
    live: false,
    samples: 1,
    bytecodes: 1,
    lines: [{ line: 9, ...stat }, { line: 3, ...stat }],
    methods: [{ ...stat, className: 'demo.CalcTest', name: 'adds', descriptor: '()V', label: 'CalcTest.adds()', line: 9, col: 9 }],
  };
  const w = withDeltas(h, diff, scanJava(SRC));
  assert.equal(w.methods[0]!.delta, '+12.3% (+123.0k bytecodes)');
  assert.equal(w.lines[0]!.delta, 'new (+1.2M bytecodes)');
  assert.equal(w.lines[1]!.delta, undefined);
});
