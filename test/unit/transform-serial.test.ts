import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, javaHome, tempDir, REPO, execFileSync } from '../helpers/java';
import { readClass } from '../../server/src/classfile/reader';
import { defaultSerialVersionUID } from '../../server/src/transform/serial';
import { transformClassPath } from '../../server/src/transform/driver';
import { buildRuntime } from '../../server/src/runtime/build';

const classes = compileJava(join(REPO, 'test', 'java', 'serial'));
const NAMES = ['ser.Shapes', 'ser.Shapes$Nested', 'ser.Shapes$Base', 'ser.Shapes$Inner'];

/** serialver (the JDK tool) prints `name:    private static final long serialVersionUID = 123L;`. */
function serialver(dir: string, name: string): bigint {
  const out = execFileSync(join(javaHome(), 'bin', 'serialver'), ['-classpath', dir, name], { encoding: 'utf8' });
  const m = /serialVersionUID = (-?\d+)L;/.exec(out);
  assert.ok(m, `serialver printed: ${out}`);
  return BigInt(m[1]!);
}

test('defaultSerialVersionUID agrees with the serialver tool', () => {
  for (const n of NAMES) {
    const cf = readClass(readFileSync(join(classes, `${n.replace(/\./g, '/')}.class`)), n);
    assert.equal(defaultSerialVersionUID(cf), serialver(classes, n), n);
  }
});

test('transformed Serializable classes keep the original default serialVersionUID', () => {
  const out = tempDir('serial');
  transformClassPath({ classpath: [classes], outDir: out });
  const rt = buildRuntime(tempDir('rt')).classesDir;
  for (const n of NAMES) assert.equal(serialver(`${out}:${rt}`, n), serialver(classes, n), n);
});
