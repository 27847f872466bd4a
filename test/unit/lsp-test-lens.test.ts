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
    all: { methods: [], parent: [-1], method: [-1], callLine: [0], baseSelf: [0], baseTotal: [0], newSelf: [0], newTotal: [0] },
    methods: [{ className: 'demo.CalcTest', name: 'adds', descriptor: '()V', base: 1_000_000, new: 1_123_000 }],
    lines: [
      { className: 'demo.CalcTest', name: 'adds', descriptor: '()V', line: 10, base: 0, new: 1_200_000 },
      { className: 'other.X', name: 'm', descriptor: '()V', line: 10, base: 0, new: 5 },
    ],
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
