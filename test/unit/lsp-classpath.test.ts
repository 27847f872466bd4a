// Finding what to run (server/src/lsp/classpath.ts, compile.ts, workspace.ts): the class path
// order (launch > vscode-java > Maven/Gradle output + settings > javac), project roots, source
// roots, settings entries with jar globs, compiling a file with the sources it uses, and the
// workspace walk for main classes and source files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expandSettingsClasspath, planClasspath, projectRootOf, sourceRootOf } from '../../server/src/lsp/classpath';
import { compileJavaFile } from '../../server/src/lsp/compile';
import { findMains, findSourceFile } from '../../server/src/lsp/workspace';
import { tempDir } from '../helpers/java';

function touch(path: string, text = ''): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const ws = tempDir('lsp-cp');
// A Maven project, compiled; a Maven module without output; a Gradle project; a Buildship one; a loose file.
const mvn = join(ws, 'mvn');
touch(join(mvn, 'pom.xml'));
const mvnMain = touch(join(mvn, 'src/main/java/a/b/App.java'), 'package a.b;\npublic class App { public static void main(String[] x) { System.out.println(Util.twice(21)); } }\n');
touch(join(mvn, 'src/main/java/a/b/Util.java'), 'package a.b;\nclass Util { static int twice(int x) { return 2 * x; } }\n');
const mvnTest = touch(join(mvn, 'src/test/java/a/b/AppTest.java'), 'package a.b;\nclass AppTest { public static void main(String... a) {} }\n');
mkdirSync(join(mvn, 'target/classes'), { recursive: true });
mkdirSync(join(mvn, 'target/test-classes'), { recursive: true });
const bare = join(mvn, 'module');
touch(join(bare, 'pom.xml'));
const bareFile = touch(join(bare, 'src/main/java/c/Tool.java'), 'package c;\npublic class Tool {}\n');
const gradle = join(ws, 'gradle');
touch(join(gradle, 'build.gradle.kts'));
mkdirSync(join(gradle, 'build/classes/java/main'), { recursive: true });
const gradleFile = touch(join(gradle, 'src/main/java/G.java'), 'class G {}');
const buildship = join(ws, 'buildship');
touch(join(buildship, 'settings.gradle'));
mkdirSync(join(buildship, 'bin/main'), { recursive: true });
const buildshipFile = touch(join(buildship, 'src/main/java/B.java'), 'class B {}');
const loose = touch(join(ws, 'scratch/Hello.java'), 'public class Hello { public static void main(String[] a) { System.out.println("hi"); } }\n');
touch(join(ws, 'lib/x.jar'));
touch(join(ws, 'lib/y.JAR'));
touch(join(ws, 'lib/readme.txt'));

const base = { workspaceFolders: [ws], settingsClasspath: [] as string[] };

test('project roots: the nearest build file, not above the workspace folder', () => {
  assert.equal(projectRootOf(mvnMain, [ws]), mvn);
  assert.equal(projectRootOf(bareFile, [ws]), bare);
  assert.equal(projectRootOf(loose, [ws]), ws);
  assert.equal(projectRootOf(undefined, [ws]), ws);
});

test('source roots come from the package', () => {
  assert.equal(sourceRootOf(mvnMain, 'a.b'), join(mvn, 'src/main/java'));
  assert.equal(sourceRootOf(loose, ''), join(ws, 'scratch'));
  assert.equal(sourceRootOf(mvnMain, 'x.y'), undefined, 'folders do not match the package');
});

test('Maven: target/classes, plus target/test-classes for test sources', () => {
  const p = planClasspath({ ...base, file: mvnMain, packageName: 'a.b' });
  assert.equal(p.kind, 'ready');
  assert.equal(p.source, 'maven');
  assert.deepEqual(p.kind === 'ready' && p.entries, [join(mvn, 'target/classes')]);
  const t = planClasspath({ ...base, file: mvnTest, packageName: 'a.b' });
  assert.deepEqual(t.kind === 'ready' && t.entries, [join(mvn, 'target/test-classes'), join(mvn, 'target/classes')]);
});

test('Maven without target/classes: the file is compiled with javac, with a note', () => {
  const p = planClasspath({ ...base, file: bareFile, packageName: 'c' });
  assert.equal(p.kind, 'compile');
  assert.equal(p.kind === 'compile' && p.sourceRoot, join(bare, 'src/main/java'));
  assert.match(p.notes.join('\n'), /target[\\/]classes does not exist/);
});

test('Gradle: build/classes/java/main, or bin/main under Buildship', () => {
  const g = planClasspath({ ...base, file: gradleFile });
  assert.deepEqual([g.source, g.kind === 'ready' && g.entries], ['gradle', [join(gradle, 'build/classes/java/main')]]);
  const b = planClasspath({ ...base, file: buildshipFile });
  assert.deepEqual([b.source, b.kind === 'ready' && b.entries], ['gradle', [join(buildship, 'bin/main')]]);
});

test('the order: launch classPaths, then vscode-java, then build output; settings entries are appended', () => {
  const settings = ['../lib/*', '/abs/extra.jar'];
  const launch = planClasspath({ ...base, settingsClasspath: settings, file: mvnMain, launchClassPaths: ['out'], javaClasspath: ['/from/java'] });
  assert.equal(launch.source, 'launch');
  assert.deepEqual(launch.kind === 'ready' && launch.entries, [join(mvn, 'out'), join(ws, 'lib/x.jar'), join(ws, 'lib/y.JAR'), '/abs/extra.jar']);
  const java = planClasspath({ ...base, file: mvnMain, javaClasspath: ['/from/java'] });
  assert.deepEqual([java.source, java.kind === 'ready' && java.entries], ['vscode-java', ['/from/java']]);
  const mavenWithJars = planClasspath({ ...base, settingsClasspath: ['../lib/*.jar'], file: mvnMain });
  assert.deepEqual(mavenWithJars.kind === 'ready' && mavenWithJars.entries, [join(mvn, 'target/classes'), join(ws, 'lib/x.jar'), join(ws, 'lib/y.JAR')]);
});

test('single files are compiled; without a file only the settings remain', () => {
  const p = planClasspath({ ...base, file: loose, packageName: '' });
  assert.deepEqual([p.kind, p.source, p.kind === 'compile' && p.sourceRoot], ['compile', 'javac', join(ws, 'scratch')]);
  const none = planClasspath({ ...base });
  assert.deepEqual(none.kind === 'ready' && none.entries, []);
  assert.match(none.notes.join('\n'), /no class path found/);
  assert.deepEqual(expandSettingsClasspath(['', 'missing/*'], ws), []);
});

test('javac compiles a file together with the sources it uses', async () => {
  const r = await compileJavaFile({ file: mvnMain, sourceRoot: join(mvn, 'src/main/java'), classpath: [] });
  assert.equal(r.ok, true, r.output);
  assert.ok(existsSync(join(r.outDir, 'a/b/App.class')));
  assert.ok(existsSync(join(r.outDir, 'a/b/Util.class')), 'Util came from -sourcepath');
  const bad = touch(join(ws, 'broken/Broken.java'), 'class Broken { int x = ; }');
  const b = await compileJavaFile({ file: bad, sourceRoot: join(ws, 'broken'), classpath: [] });
  assert.equal(b.ok, false);
  assert.match(b.output, /Broken\.java:1: error/);
});

test('the workspace walk finds main classes and source files (build folders skipped)', async () => {
  touch(join(mvn, 'target/generated/Skip.java'), 'class Skip { public static void main(String[] a) {} }');
  const mains = (await findMains([ws])).map((m) => m.mainClass).sort();
  assert.deepEqual(mains, ['Hello', 'a.b.App', 'a.b.AppTest']);
  assert.equal(await findSourceFile('a.b.Util', 'Util.java', [mvn]), join(mvn, 'src/main/java/a/b/Util.java'));
  assert.equal(await findSourceFile('a.b.Util', 'Util.java', [ws]), join(mvn, 'src/main/java/a/b/Util.java'), 'found by the walk, package checked');
  assert.equal(await findSourceFile('c.Tool', 'Tool.java', [ws]), bareFile);
  assert.equal(await findSourceFile('z.Tool', 'Tool.java', [ws]), undefined, 'wrong package');
});

test('findSourceFile opens only files inside the workspace: a profile cannot name ../../etc/passwd', async () => {
  const inner = join(ws, 'guarded');
  touch(join(inner, 'src/main/java/p/Ok.java'), 'package p;\nclass Ok {}\n');
  const secret = touch(join(ws, 'outside/secret.txt'), 'secret');
  const up = '../'.repeat(12);
  assert.equal(await findSourceFile('Hello', `${up}etc/passwd`, [inner]), undefined, 'relative traversal in SourceFile');
  assert.equal(await findSourceFile('Hello', '/etc/passwd', [inner]), undefined, 'absolute SourceFile');
  assert.equal(await findSourceFile('p.Ok', '../../../../outside/secret.txt', [inner]), undefined);
  assert.equal(await findSourceFile('...........outside.x', 'secret.txt', [inner]), undefined, 'traversal through the package');
  assert.equal(await findSourceFile('..', 'outside/secret.txt', [inner]), undefined);
  // A symlink inside the workspace that points outside is not followed.
  mkdirSync(join(inner, 'src/main/java/q'), { recursive: true });
  symlinkSync(secret, join(inner, 'src/main/java/q/Leak.java'));
  assert.equal(await findSourceFile('q.Leak', 'Leak.java', [inner]), undefined, 'symlink to a file outside');
  assert.equal(await findSourceFile('p.Ok', 'Ok.java', [inner]), join(inner, 'src/main/java/p/Ok.java'), 'a real source is still found');
});
