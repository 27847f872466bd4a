// JDK discovery: explicit path, JAVA_HOME, `java` on PATH through symlink chains; the oracle
// for home and version is what the `java` on PATH reports about itself.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { featureOf, findJavaHome } from '../../server/src/classpath/jdk';
import { JdkNotFoundError } from '../../server/src/classpath/errors';
import { tempDir } from './classpath-fixtures';

const tmp = tempDir('jdk');
let realHome: string;
let realVersion: string;

before(() => {
  // `java -XshowSettings:properties -version` prints java.home and java.version to stderr.
  const r = spawnSync('java', ['-XshowSettings:properties', '-version'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  realHome = realpathSync(/^\s*java\.home = (.*)$/m.exec(r.stderr)![1]!.trim());
  realVersion = /^\s*java\.version = (.*)$/m.exec(r.stderr)![1]!.trim();
});
after(() => tmp.cleanup());

const onlyPath = (): Record<string, string | undefined> => ({ PATH: process.env.PATH });

test('PATH: finds the home of the java on PATH, symlinks resolved, with its version', () => {
  const j = findJavaHome(undefined, { env: onlyPath() });
  assert.equal(j.home, realHome);
  assert.equal(j.version, realVersion);
  assert.equal(j.feature, featureOf(realVersion));
  assert.equal(j.modulesPath, join(realHome, 'lib', 'modules'));
  assert.equal(j.foundVia, 'PATH');
});

test('PATH: a symlink chain of our own, after a directory whose java is not in a JDK', () => {
  const fake = join(tmp.dir, 'fakebin');
  mkdirSync(fake);
  writeFileSync(join(fake, 'java'), '#!/bin/sh\n');
  chmodSync(join(fake, 'java'), 0o755);
  const b1 = join(tmp.dir, 'bin1');
  const alt = join(tmp.dir, 'alternatives');
  mkdirSync(b1);
  mkdirSync(alt);
  symlinkSync(join(realHome, 'bin', 'java'), join(alt, 'java'));
  symlinkSync(join(alt, 'java'), join(b1, 'java'));
  const j = findJavaHome(undefined, { env: { PATH: `${join(tmp.dir, 'empty')}::${fake}:${b1}` } });
  assert.equal(j.home, realHome);
  assert.equal(j.foundVia, 'PATH');
});

test('JAVA_HOME wins over PATH; a bad JAVA_HOME falls back to PATH', () => {
  const viaEnv = findJavaHome(undefined, { env: { JAVA_HOME: realHome, PATH: '' } });
  assert.equal(viaEnv.home, realHome);
  assert.equal(viaEnv.foundVia, 'JAVA_HOME');
  const fallback = findJavaHome(undefined, { env: { JAVA_HOME: join(tmp.dir, 'nothing-here'), PATH: process.env.PATH } });
  assert.equal(fallback.foundVia, 'PATH');
  assert.equal(fallback.home, realHome);
});

test('explicit: a home, its bin directory or its java executable; no fallback when invalid', () => {
  for (const p of [realHome, join(realHome, 'bin'), join(realHome, 'bin', 'java'), realHome + '/']) {
    const j = findJavaHome(p, { env: {} });
    assert.equal(j.home, realHome, p);
    assert.equal(j.foundVia, 'explicit');
  }
  assert.throws(
    () => findJavaHome(tmp.dir, { env: onlyPath() }),
    (e: unknown) => e instanceof JdkNotFoundError && e.tried.length === 1 && e.message.includes(tmp.dir) && /no lib\/modules/.test(e.message),
  );
  assert.throws(() => findJavaHome(join(tmp.dir, 'does-not-exist'), { env: onlyPath() }), /does not exist/);
});

test('nothing found: the error lists everything tried and why', () => {
  const jdk8 = join(tmp.dir, 'jdk8');
  mkdirSync(join(jdk8, 'jre', 'lib'), { recursive: true });
  writeFileSync(join(jdk8, 'jre', 'lib', 'rt.jar'), '');
  const emptyBin = join(tmp.dir, 'emptybin');
  mkdirSync(emptyBin);
  try {
    findJavaHome(undefined, { env: { JAVA_HOME: jdk8, PATH: emptyBin } });
    assert.fail('expected JdkNotFoundError');
  } catch (e) {
    assert.ok(e instanceof JdkNotFoundError);
    assert.match(e.message, /JAVA_HOME=.*jdk8: a JDK 8 or older/);
    assert.match(e.message, new RegExp(`PATH: no 'java' in ${emptyBin}`));
  }
  assert.throws(() => findJavaHome(undefined, { env: {} }), (e: unknown) => e instanceof JdkNotFoundError && /JAVA_HOME: not set/.test(e.message) && /empty PATH/.test(e.message));
});

test('no release file: the feature comes from java.lang.Object in lib/modules', () => {
  const home = join(tmp.dir, 'norelease');
  mkdirSync(join(home, 'lib'), { recursive: true });
  symlinkSync(join(realHome, 'lib', 'modules'), join(home, 'lib', 'modules'));
  const j = findJavaHome(home);
  assert.equal(j.feature, featureOf(realVersion));
  assert.equal(j.version, String(featureOf(realVersion)));
  // A release file without JAVA_VERSION is no better than none.
  writeFileSync(join(home, 'release'), 'IMPLEMENTOR="x"\n');
  assert.equal(findJavaHome(home).feature, featureOf(realVersion));
  writeFileSync(join(home, 'release'), 'JAVA_VERSION="21.0.2"\n');
  assert.equal(findJavaHome(home).feature, 21);
  // A lib/modules that is not an image and no release file: a clear reason.
  const bad = join(tmp.dir, 'badmodules');
  mkdirSync(join(bad, 'lib'), { recursive: true });
  writeFileSync(join(bad, 'lib', 'modules'), 'not an image');
  assert.throws(() => findJavaHome(bad), /no release file with JAVA_VERSION/);
});

test('featureOf parses the version schemes', () => {
  assert.equal(featureOf('17.0.15'), 17);
  assert.equal(featureOf('21'), 21);
  assert.equal(featureOf('21-ea'), 21);
  assert.equal(featureOf('1.8.0_392'), 8);
  assert.equal(featureOf('25.0.3'), 25);
  assert.equal(featureOf('x'), undefined);
});
