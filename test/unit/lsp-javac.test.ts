// javac's output as editor problems (server/src/lsp/javac-diagnostics.ts), on javac's real
// output for a file with several kinds of errors and a warning.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJavacOutput, summarizeJavac } from '../../server/src/lsp/javac-diagnostics';
import { javaHome, tempDir } from '../helpers/java';

test('javac errors and warnings: file, line, caret column, message with its details', () => {
  const dir = tempDir('javac-diags');
  const file = join(dir, 'Bad.java');
  writeFileSync(
    file,
    ['public class Bad {', '    @Deprecated static void old() {}', '    public static void main(String[] a) {', '\tint n = undefinedName + 1;', '        String s = 42;', '        old();', '    }', '}', ''].join('\n'),
  );
  const r = spawnSync(join(javaHome(), 'bin', 'javac'), ['-Xlint:all', '-d', dir, file], { encoding: 'utf8' });
  assert.notEqual(r.status, 0);
  const d = parseJavacOutput(r.stderr);
  const errors = d.filter((x) => x.severity === 'error');
  assert.deepEqual(
    errors.map((x) => [x.line, x.message.split('\n')[0]]),
    [
      [3, 'cannot find symbol'],
      [4, 'incompatible types: int cannot be converted to String'],
    ],
  );
  assert.match(errors[0]!.message, /symbol:\s+variable undefinedName/);
  assert.match(errors[0]!.message, /location: class Bad/);
  assert.equal(errors[0]!.column, 9, 'after the tab');
  assert.equal(errors[1]!.column, 19);
  assert.ok(d.every((x) => x.file === file));
  assert.equal(summarizeJavac(d, r.stderr), 'compile error in Bad.java:4: cannot find symbol (and 1 more error)');
  assert.equal(summarizeJavac([], 'error: file not found: X.java\n'), 'javac failed: error: file not found: X.java');
});
