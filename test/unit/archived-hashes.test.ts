// What a HotSpot CDS archive holds that the embedded engine reads through a trial run
// (engine/archived-hashes.ts): the identity hashes of the archived class mirrors and the order of
// the archived packageToModule map. Checked against the JDK's own java, whose default archive
// gives JDK classes the hashes the trial reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { archivedClassNames, archivedState, parseProbeOutput, parseSharedDictionary, probeNames } from '../../server/src/engine/archived-hashes';
import { spawnSync } from 'node:child_process';
import { compileJava, javaHome, REPO, runJava, tempDir, testJdks } from '../helpers/java';

test('probeNames: the class list\'s classes, their arrays and the primitives\' arrays; comments, @ lines and hidden classes left out', () => {
  const names = probeNames('# a comment\njava/lang/Object id: 1\n@lambda-proxy java/lang/X run\njava/util/HashMap\njava/lang/invoke/LambdaForm$MH/0x0000000800c01000\n');
  assert.deepEqual(names.slice(0, 4), ['java.lang.Object', 'java.util.HashMap', '[Ljava.lang.Object;', '[Ljava.util.HashMap;']);
  assert.ok(names.includes('[I') && names.includes('[[J'));
  assert.ok(!names.some((n) => n.includes('0x') || n.includes('lambda')));
});

test('probeNames: the archive\'s dictionary adds the classes the class list leaves out, once each', () => {
  const names = probeNames('java/lang/Object\njava/util/HashMap\n', ['java.util.HashMap', 'java.io.IOException', 'java.lang.invoke.LambdaForm$MH/0x0000000800c01000']);
  assert.deepEqual(names.slice(0, 6), ['java.lang.Object', 'java.util.HashMap', 'java.io.IOException', '[Ljava.lang.Object;', '[Ljava.util.HashMap;', '[Ljava.io.IOException;']);
});

test('parseProbeOutput: packages and the module maps (then the modules\' package maps) each up to "#", "##", then void and two hashes a name; hashes drawn in the trial (1) and failures (-1) dropped', () => {
  const names = ['java.lang.String', 'foo.Missing', '[I', '[Ljava.lang.String;'];
  const hashes = ['99', '412', '0', '-1', '-1', '1', '7', '1', '412'];
  const maps = ['java.lang', 'java.util', '#', 'java.base', 'java.logging', '#', 'java.sql', '#', 'jdk.jshell', '#', 'java.logging', 'java.base', 'java.sql', 'jdk.jshell', '#', '@exports java.base', 'java.util', 'java.lang', '#', '##'];
  const s = parseProbeOutput(names, [...maps, ...hashes, ''].join('\n'));
  assert.ok(s);
  assert.deepEqual(s.packages, ['java.lang', 'java.util']);
  assert.deepEqual(s.loaderModules, [['java.base', 'java.logging'], ['java.sql'], ['jdk.jshell'], ['java.logging', 'java.base', 'java.sql', 'jdk.jshell'], ['@exports java.base', 'java.util', 'java.lang']]);
  assert.deepEqual([...s.mirrors].sort(), [
    ['int', 7],
    ['java.lang.String', 412],
    ['void', 99],
  ]);
  // The module maps not read (the trial failed after packageToModule): no orders, the rest kept.
  const partial = parseProbeOutput(names, ['java.lang', '#', 'java.base', '#', '##', ...hashes].join('\n'));
  assert.ok(partial);
  assert.deepEqual(partial.packages, ['java.lang']);
  assert.deepEqual(partial.loaderModules, []);
  // Output that does not fit the names is refused.
  assert.equal(parseProbeOutput(names, ['#', '##', '1'].join('\n')), undefined);
  assert.equal(parseProbeOutput(names, ['java.lang', '#', '99'].join('\n')), undefined);
});

test('archivedState of the JDK: the hashes java prints for JDK classes (its CDS archive\'s), its packageToModule keys and module maps', () => {
  const state = archivedState(javaHome(), tempDir('archived-hashes'));
  assert.ok(state, 'the trial ran');
  assert.ok(state.mirrors.size > 1000, `${state.mirrors.size} mirrors`);
  assert.ok(state.packages.includes('java.lang') && state.packages.includes('java.util'), 'packageToModule keys');
  // The loaders' and the boot layer's module names: java.base in the boot loader, java.sql in the
  // platform loader, jdk.jshell in the application loader, all in the boot layer.
  assert.ok(state.loaderModules.length > 4, `${state.loaderModules.length} lists`);
  assert.ok(state.loaderModules[0]!.includes('java.base') && state.loaderModules[1]!.includes('java.sql') && state.loaderModules[2]!.includes('jdk.jshell'), JSON.stringify(state.loaderModules.slice(0, 4)));
  assert.deepEqual([...state.loaderModules[3]!].sort(), state.loaderModules.slice(0, 3).flat().sort());
  // Then each boot module's exportedPackages (branch ih39): java.base's, headed `@exports java.base`.
  const base = state.loaderModules.find((l) => l[0] === '@exports java.base');
  assert.ok(base !== undefined && base.includes('java.lang') && base.includes('java.util.function') && base.length > 100, JSON.stringify(base));
  // And the archived lambda proxies' mirrors (archived-lambdas.ts), by `@lambda-proxy KEY`: java
  // 17's class list names Collectors' and regex's, its archive holds them with their hashes.
  const proxies = [...state.mirrors.keys()].filter((k) => k.startsWith('@lambda-proxy java/util/stream/Collectors '));
  assert.ok(proxies.length >= 5, `${proxies.length} of Collectors' proxies`);
  // PrintHashes prints `<name> <hex hash>` for JDK classes; java's archive holds them all.
  const classes = compileJava(join(REPO, 'test', 'java', 'hotspot-all'));
  const r = runJava(['-cp', classes, 'PrintHashes']);
  assert.equal(r.status, 0, r.stderr);
  let checked = 0;
  for (const line of r.stdout.split('\n')) {
    const m = /^(\S+) ([0-9a-f]+)$/.exec(line);
    if (m === null || !state.mirrors.has(m[1]!)) continue;
    assert.equal(state.mirrors.get(m[1]!)!.toString(16), m[2], m[1]);
    checked++;
  }
  assert.ok(checked >= 8, `${checked} classes checked:\n${r.stdout}`);
});

test('parseSharedDictionary: the named classes of -XX:+PrintSharedArchiveAndExit, not the lambda proxies', () => {
  const out = ['Shared Dictionary', 'Shared Builtin Dictionary', '   0: java.lang.reflect.Method boot_loader', '  12: jdk.internal.loader.ClassLoaders$AppClassLoader platform_loader', '1284: java.util.stream.Collectors$$Lambda$24/0x80000003b boot_loader', 'Number of shared symbols: 74676', ''].join('\n');
  assert.deepEqual(parseSharedDictionary(out), ['java.lang.reflect.Method', 'jdk.internal.loader.ClassLoaders$AppClassLoader']);
});

test('archivedClassNames of the JDK: the classes its archive holds (java.lang.Object, its class list\'s) and none it does not', () => {
  const dir = tempDir('archived-classes');
  const names = archivedClassNames(javaHome(), dir);
  assert.ok(names && names.length > 1000, `${names?.length} classes`);
  assert.ok(names.includes('java.lang.Object') && names.includes('java.lang.invoke.LambdaForm$Kind'));
  // java.text.Annotation is not in java 17's or 25's default class list (loaded from lib/modules: LinkHashes).
  assert.ok(!names.includes('java.text.Annotation'));
  // Read back from the cache the second time.
  assert.deepEqual(archivedClassNames(javaHome(), dir), names);
});

// JDK 25's dump archives mirrors of classes its class list does not name (java.io.IOException,
// loaded by the dump's own run) with their identity hashes; the trial read the class list's only,
// so the embedded engine drew IOException's hash where HotSpot drew none (corpus serialization on
// JDK 25: Reflection.filterFields' HashMap, branch sec25).
const jdk25 = testJdks().find((j) => j.feature === 25);
test('archivedState of JDK 25: mirrors the dump archived outside the class list (IOException), with the hash java prints', { skip: jdk25 ? false : 'no JDK 25 installed' }, () => {
  const home = jdk25!.home;
  const state = archivedState(home, tempDir('archived-hashes-25'));
  assert.ok(state, 'the trial ran');
  const classes = compileJava(join(REPO, 'test', 'java', 'hotspot-all'));
  // SerialUid prints `IOException <hex hash>` (java's own archive: the dump's hash).
  const r = spawnSync(join(home, 'bin', 'java'), ['-cp', classes, 'SerialUid'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const m = /^IOException ([0-9a-f]+)$/m.exec(r.stdout);
  assert.ok(m, r.stdout);
  assert.equal(state.mirrors.get('java.io.IOException')?.toString(16), m[1]);
});
