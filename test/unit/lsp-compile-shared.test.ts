// javac's output shared by content across folders (server/src/lsp/compile-shared.ts): a second
// folder with the same sources gets the same class files without a javac run; a changed source,
// a new file beside them, or another option (class path) compiles again; a damaged entry is
// deleted and rebuilt. javac runs are counted through a JDK home whose bin/javac is a script that
// logs each call and runs the real javac.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { javaHome, tempDir } from '../helpers/java';

const cache = tempDir('compile-shared-cache');
process.env.KOMORIUM_CACHE = cache;
const { compileJavaFile } = await import('../../server/src/lsp/compile');

// A JDK home that counts javac runs.
const real = javaHome();
const jdk = tempDir('compile-shared-jdk');
for (const n of ['lib', 'conf', 'release', 'include', 'jmods', 'legal']) if (existsSync(join(real, n))) symlinkSync(join(real, n), join(jdk, n));
mkdirSync(join(jdk, 'bin'));
symlinkSync(join(real, 'bin', 'java'), join(jdk, 'bin', 'java'));
const calls = join(jdk, 'javac-calls');
writeFileSync(join(jdk, 'bin', 'javac'), `#!/bin/sh\necho run >> '${calls}'\nexec '${join(real, 'bin', 'javac')}' "$@"\n`);
chmodSync(join(jdk, 'bin', 'javac'), 0o755);
const javacRuns = () => (existsSync(calls) ? readFileSync(calls, 'utf8').split('\n').filter((l) => l !== '').length : 0);

const ws = tempDir('compile-shared-ws');
const template = join(ws, 'template');
mkdirSync(join(template, 'src', 'p'), { recursive: true });
writeFileSync(join(template, 'src', 'p', 'Main.java'), 'package p;\npublic class Main { public static void main(String[] a) { System.out.println(Util.word() + new Integer(1)); Runnable r = () -> {}; } }\n');
writeFileSync(join(template, 'src', 'p', 'Util.java'), 'package p;\nclass Util { static String word() { return "first"; } static class Inner {} }\n');

let folders = 0;
/** A fresh folder holding the template's sources (changed by `edit`). */
function folder(edit?: (root: string) => void): string {
  const dir = join(ws, `f${folders++}`);
  cpSync(template, dir, { recursive: true });
  const root = join(dir, 'src');
  edit?.(root);
  return root;
}
const compileIn = (root: string, classpath: string[] = []) => compileJavaFile({ file: join(root, 'p', 'Main.java'), sourceRoot: root, classpath, javaHome: jdk });

function classesOf(outDir: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const d of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (d.isFile() && d.name.endsWith('.class')) {
      const f = join(d.parentPath, d.name);
      m.set(relative(outDir, f), readFileSync(f).toString('hex'));
    }
  }
  return m;
}

test('a second folder with the same sources gets the same class files and no javac run; its notes name its own file', async () => {
  const a = folder();
  const first = await compileIn(a);
  assert.equal(first.ok, true, first.output);
  assert.notEqual(first.cached, true);
  assert.equal(javacRuns(), 1);
  const b = folder();
  const second = await compileIn(b);
  assert.equal(second.ok, true, second.output);
  assert.equal(second.cached, true);
  assert.equal(second.shared, true);
  assert.equal(javacRuns(), 1, 'javac did not run for the second folder');
  assert.notEqual(second.outDir, first.outDir);
  const ca = classesOf(first.outDir);
  assert.ok(ca.size >= 3, [...ca.keys()].join(' '));
  assert.deepEqual(classesOf(second.outDir), ca, 'the same class files');
  assert.equal(second.output, first.output.split(a).join(b), 'the notes name the second folder');
  // The second folder is stamped: its next compile is its own folder's.
  const again = await compileIn(b);
  assert.equal(again.cached, true);
  assert.notEqual(again.shared, true);
  assert.equal(javacRuns(), 1);
});

test('a changed source, a new source beside them, or another class path compiles again', async () => {
  const before = javacRuns();
  const changed = folder((root) => writeFileSync(join(root, 'p', 'Util.java'), 'package p;\nclass Util { static String word() { return "second"; } static class Inner {} }\n'));
  const c = await compileIn(changed);
  assert.equal(c.ok, true, c.output);
  assert.notEqual(c.cached, true);
  assert.equal(javacRuns(), before + 1);
  assert.match(readFileSync(join(c.outDir, 'p', 'Util.class'), 'latin1'), /second/);
  // Both variants are kept under one key: each folder finds its own.
  const c2 = await compileIn(folder((root) => writeFileSync(join(root, 'p', 'Util.java'), 'package p;\nclass Util { static String word() { return "second"; } static class Inner {} }\n')));
  assert.equal(c2.shared, true);
  assert.match(readFileSync(join(c2.outDir, 'p', 'Util.class'), 'latin1'), /second/);
  const orig = await compileIn(folder());
  assert.equal(orig.shared, true);
  assert.match(readFileSync(join(orig.outDir, 'p', 'Util.class'), 'latin1'), /first/);
  assert.equal(javacRuns(), before + 1);

  // A new file in the package (it could shadow an imported name).
  const extra = await compileIn(folder((root) => writeFileSync(join(root, 'p', 'Extra.java'), 'package p;\nclass Extra {}\n')));
  assert.equal(extra.ok, true, extra.output);
  assert.notEqual(extra.cached, true);
  assert.equal(javacRuns(), before + 2);

  // Another option: a jar on the class path.
  const jarDir = tempDir('compile-shared-jar');
  mkdirSync(join(jarDir, 'q'));
  writeFileSync(join(jarDir, 'q', 'readme.txt'), 'x');
  const jar = join(jarDir, 'lib.jar');
  execFileSync(join(real, 'bin', 'jar'), ['cf', jar, '-C', jarDir, 'q']);
  const withJar = await compileIn(folder(), [jar]);
  assert.equal(withJar.ok, true, withJar.output);
  assert.notEqual(withJar.cached, true);
  assert.equal(javacRuns(), before + 3);
  assert.equal((await compileIn(folder(), [jar])).shared, true);
  assert.equal(javacRuns(), before + 3);
});

test('a damaged entry is deleted and rebuilt: javac runs again and the class files are sound', async () => {
  const store = join(cache, 'javac-classes');
  const sound = classesOf((await compileIn(folder())).outDir);
  const util = sound.get(join('p', 'Util.class'))!;
  // The entries holding this compile (the template's sources, with and without the jar).
  const mine = () =>
    readdirSync(store)
      .flatMap((k) => readdirSync(join(store, k)).map((v) => join(store, k, v)))
      .filter((e) => existsSync(join(e, 'classes', 'p', 'Util.class')) && readFileSync(join(e, 'classes', 'p', 'Util.class')).toString('hex') === util);
  const damages: [string, (e: string) => void][] = [
    ['a class file changed', (e) => writeFileSync(join(e, 'classes', 'p', 'Util.class'), 'broken')],
    ['a class file cut short', (e) => writeFileSync(join(e, 'classes', 'p', 'Main.class'), readFileSync(join(e, 'classes', 'p', 'Main.class')).subarray(0, 10))],
    ['a class file gone', (e) => rmSync(join(e, 'classes', 'p', 'Main.class'))],
    ['the manifest broken', (e) => writeFileSync(join(e, 'manifest.json'), '{"version":')],
  ];
  for (const [what, damage] of damages) {
    const entries = mine();
    assert.ok(entries.length >= 1, `${what}: an entry to damage`);
    for (const e of entries) damage(e);
    const before = javacRuns();
    const rebuilt = await compileIn(folder());
    assert.equal(rebuilt.ok, true, rebuilt.output);
    assert.notEqual(rebuilt.cached, true, `${what}: the damaged entry is not used`);
    assert.equal(javacRuns(), before + 1, what);
    assert.deepEqual(classesOf(rebuilt.outDir), sound, what);
    const next = await compileIn(folder());
    assert.equal(next.shared, true, `${what}: the rebuilt entry is used`);
    assert.deepEqual(classesOf(next.outDir), sound, what);
    assert.equal(javacRuns(), before + 1, what);
  }
  assert.deepEqual(readdirSync(store).flatMap((k) => readdirSync(join(store, k)).filter((n) => n.startsWith('.'))), [], 'no temporary folder left');
});
