// The class list of the instrumented JDK copy's CDS archive (engine/jdk-classlist.ts): the JDK's
// own list, then the classes a trial run of a generated hello world loads that it lacks.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extendClassList, helloClass } from '../../server/src/engine/jdk-classlist';
import { javaHome, runJava, tempDir } from '../helpers/java';

test('the trial class prints hello on java', () => {
  const dir = tempDir('hello');
  writeFileSync(join(dir, 'KomoriumHello.class'), helloClass('KomoriumHello'));
  const r = runJava(['-Xverify:all', '-cp', dir, 'KomoriumHello']);
  assert.equal(r.stderr, '');
  assert.equal(r.stdout, 'hello\n');
});

test("extendClassList keeps the JDK's list and appends the classes the trial run loaded besides, each once", () => {
  // A home whose bin/java is the JDK's (java.home stays the JDK) and whose lib/classlist is a
  // link to a shortened copy of the JDK's list, as in the instrumented copy.
  const home = tempDir('cl-home');
  mkdirSync(join(home, 'bin'));
  mkdirSync(join(home, 'lib'));
  symlinkSync(join(javaHome(), 'bin', 'java'), join(home, 'bin', 'java'));
  const full = readFileSync(join(javaHome(), 'lib', 'classlist'), 'utf8').split('\n');
  const short = full.filter((l) => !l.startsWith('java/util/') && l !== '').join('\n') + '\n';
  const linked = join(tempDir('cl-orig'), 'classlist');
  writeFileSync(linked, short);
  symlinkSync(linked, join(home, 'lib', 'classlist'));
  const n = extendClassList(home);
  assert.equal(typeof n, 'number', String(n));
  const list = join(home, 'lib', 'classlist');
  assert.ok(!lstatSync(list).isSymbolicLink(), 'a file of its own now');
  assert.equal(readFileSync(linked, 'utf8'), short, "the JDK's list is left as it was");
  const text = readFileSync(list, 'utf8');
  assert.ok(text.startsWith(short));
  const added = text.slice(short.length).split('\n').filter((l) => l !== '');
  assert.equal(added.length, n);
  // A hello world loads java/util classes (left out of the short list above), never twice.
  assert.ok(added.some((c) => c.startsWith('java/util/')), added.join(' '));
  assert.equal(new Set(added).size, added.length);
  assert.ok(!added.includes('KomoriumHello') && added.every((c) => !c.startsWith('@') && !c.includes(' ')));
});
