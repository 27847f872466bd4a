// The language server's javac (server/src/lsp/compile.ts, compile-cache.ts): a compile whose
// inputs did not change is reused without running javac, and any change to what javac read
// (the file, a source it pulled in through -sourcepath), to its class files, or to the JDK
// compiles again; javac's CDS archive is made once per JDK and a broken one changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, testJdks } from '../helpers/java';

const cache = tempDir('compile-cache');
process.env.KOMORIUM_CACHE = cache;
const { compileJavaFile } = await import('../../server/src/lsp/compile');
const { RunController } = await import('../../server/src/lsp/runs');
const { DEFAULT_SETTINGS } = await import('../../server/src/lsp/settings');

const ws = tempDir('compile-ws');
const root = join(ws, 'src');
mkdirSync(join(root, 'p'), { recursive: true });
const main = join(root, 'p', 'Main.java');
const util = join(root, 'p', 'Util.java');
writeFileSync(main, 'package p;\npublic class Main { public static void main(String[] a) { System.out.println(Util.word() + new Integer(1)); } }\n');
writeFileSync(util, 'package p;\nclass Util { static String word() { return "first"; } }\n');
const utilClass = (outDir: string) => readFileSync(join(outDir, 'p', 'Util.class')).toString('latin1');
const compile = (javaHome?: string) => compileJavaFile({ file: main, sourceRoot: root, classpath: [], javaHome });

test('an unchanged compile is reused (its warnings too); a changed source, class file or JDK compiles again', async () => {
  const first = await compile();
  assert.equal(first.ok, true, first.output);
  assert.notEqual(first.cached, true);
  assert.match(first.output, /deprecat/i, 'javac notes the deprecated Integer(int)');
  assert.match(utilClass(first.outDir), /first/);

  const again = await compile();
  assert.equal(again.cached, true, 'nothing changed: javac does not run');
  assert.equal(again.output, first.output, 'the notes are shown again');

  // A source javac pulled in through -sourcepath.
  writeFileSync(util, 'package p;\nclass Util { static String word() { return "second"; } }\n');
  const util2 = await compile();
  assert.notEqual(util2.cached, true);
  assert.match(utilClass(util2.outDir), /second/);
  assert.equal((await compile()).cached, true);

  // The compiled file itself.
  writeFileSync(main, 'package p;\npublic class Main { public static void main(String[] a) { System.out.println(Util.word()); } }\n');
  const main2 = await compile();
  assert.notEqual(main2.cached, true);
  assert.doesNotMatch(main2.output, /deprecat/i);

  // A class file deleted, or one added, since: the folder's classes are not used (the shared
  // store's copy of the same compile is, compile-shared.ts).
  rmSync(join(main2.outDir, 'p', 'Util.class'));
  const restored = await compile();
  assert.equal(restored.shared, true, 'not the folder\'s classes');
  assert.ok(existsSync(join(restored.outDir, 'p', 'Util.class')));
  writeFileSync(join(restored.outDir, 'p', 'Stray.class'), 'x');
  const unstrayed = await compile();
  assert.equal(unstrayed.shared, true, 'not the folder\'s classes');
  assert.ok(!existsSync(join(unstrayed.outDir, 'p', 'Stray.class')), 'the stray class is gone');
  const same = await compile();
  assert.equal(same.cached, true);
  assert.notEqual(same.shared, true, 'the folder\'s own classes again');

  // Another JDK, and back.
  const other = testJdks().find((j) => j.feature !== 17);
  if (other) {
    const o = await compile(other.home);
    assert.equal(o.ok, true, o.output);
    assert.notEqual(o.cached, true, `${other.home}: compiled by its own javac`);
    const back = await compile();
    assert.notEqual(back.cached === true && back.shared !== true, true, 'not the other JDK\'s classes in the folder');
  }
});

test('a failed compile is never reused', async () => {
  const dir = join(ws, 'broken');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'Broken.java');
  writeFileSync(file, 'class Broken { int x = ; }\n');
  const opts = { file, sourceRoot: dir, classpath: [] };
  assert.equal((await compileJavaFile(opts)).ok, false);
  const b = await compileJavaFile(opts);
  assert.equal(b.ok, false);
  assert.notEqual(b.cached, true);
  writeFileSync(file, 'class Broken { int x = 1; }\n');
  const fixed = await compileJavaFile(opts);
  assert.equal(fixed.ok, true, fixed.output);
  assert.notEqual(fixed.cached, true);
});

test("javac's CDS archive is made once per JDK, and a broken one only costs the speed-up", async () => {
  const dir = join(cache, 'javac-cds');
  const archives = readdirSync(dir).filter((f) => f.endsWith('.jsa'));
  assert.ok(archives.length >= 1, `an archive in ${dir}: ${readdirSync(dir).join(', ')}`);
  assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), [], 'no half-written archive left');
  for (const a of archives) writeFileSync(join(dir, a), 'not an archive');
  writeFileSync(util, 'package p;\nclass Util { static String word() { return "third"; } }\n');
  const r = await compile();
  assert.equal(r.ok, true, r.output);
  assert.notEqual(r.cached, true);
  assert.equal(r.output, '', 'no CDS messages among the diagnostics');
  assert.match(utilClass(r.outDir), /third/);
});

test('a file opened or saved is compiled ahead; a run then finds its classes fresh, also while that compile still runs', async () => {
  const dir = join(ws, 'ahead');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'Ahead.java');
  writeFileSync(file, 'public class Ahead { public static void main(String[] a) { System.out.println(1); } }\n');
  const host = {
    settings: async () => DEFAULT_SETTINGS,
    workspaceFolders: () => [dir],
    openText: () => undefined,
    output: () => {},
    progress: () => {},
    snapshot: () => {},
    ended: () => {},
  };
  const runs = new RunController(host);
  const ahead = await runs.precompile(file);
  assert.equal(ahead?.ok, true, ahead?.output);
  assert.notEqual(ahead?.cached, true);
  const run = await compileJavaFile({ file, sourceRoot: dir, classpath: [] });
  assert.equal(run.cached, true, 'the run reuses the classes compiled ahead');
  // Two compiles of a file at once (ahead and a run's): the second waits for the first and
  // reuses its classes; javac runs once.
  writeFileSync(file, 'public class Ahead { public static void main(String[] a) { System.out.println(2); } }\n');
  const both = await Promise.all([runs.precompile(file), compileJavaFile({ file, sourceRoot: dir, classpath: [] })]);
  assert.deepEqual(both.map((r) => r?.ok), [true, true]);
  assert.deepEqual(both.map((r) => r?.cached === true).sort(), [false, true], 'javac ran once');
  // A file without a main method is not compiled ahead.
  const lib = join(dir, 'Lib.java');
  writeFileSync(lib, 'class Lib {}\n');
  assert.equal(await runs.precompile(lib), undefined);
});
