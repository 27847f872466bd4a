// Class directories, the ClassPath (user entries then the JDK) and the disasm target resolver.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ClassPath, splitClassPath } from '../../server/src/classpath/classpath';
import { ClassDirectory } from '../../server/src/classpath/directory';
import { resolveTarget } from '../../server/src/classpath/target';
import { findJavaHome } from '../../server/src/classpath/jdk';
import { JImage } from '../../server/src/classpath/jimage';
import { TargetNotFoundError, ZipFormatError } from '../../server/src/classpath/errors';
import { javac, listFiles, REPO, tempDir } from './classpath-fixtures';

const jdk = findJavaHome();
const tmp = tempDir('cp');
const classes = join(tmp.dir, 'classes');
const jarPath = join(tmp.dir, 'lib', 'app.jar');
let image: JImage;

before(() => {
  javac(join(REPO, 'test/java/classpath'), classes);
  copyFileSync(join(REPO, 'test/java/classpath/cp/demo/message.txt'), join(classes, 'cp/demo/message.txt'));
  mkdirSync(join(tmp.dir, 'lib'));
  execFileSync('jar', ['cf', jarPath, '-C', classes, '.']);
  image = JImage.open(jdk.modulesPath);
});
after(() => {
  image.close();
  tmp.cleanup();
});

const read = (p: string): Buffer => readFileSync(p);
const same = (a: Uint8Array | undefined, b: Uint8Array): boolean => a !== undefined && Buffer.from(a).equals(Buffer.from(b));

test('ClassDirectory: finds files by resource path, lists them, refuses paths that leave the directory', () => {
  const d = new ClassDirectory(classes);
  const r = d.findResource('cp/demo/Hello$Inner.class');
  assert.equal(r?.source, join(classes, 'cp/demo/Hello$Inner.class'));
  assert.ok(same(r?.bytes, read(join(classes, 'cp/demo/Hello$Inner.class'))));
  assert.equal(d.findResource('cp/demo/Nope.class'), undefined);
  assert.equal(d.findResource('cp/demo'), undefined, 'a directory is not a resource');
  assert.equal(d.findResource('Top.class/x'), undefined, 'a path through a file');
  writeFileSync(join(tmp.dir, 'Outside.class'), 'outside');
  for (const bad of ['../Outside.class', 'cp/../../Outside.class', '/etc/passwd', 'cp//demo/Hello.class', './Top.class', '']) {
    assert.equal(d.findResource(bad), undefined, bad);
  }
  assert.deepEqual([...d.listResources()], listFiles(classes));
});

test('ClassDirectory listing follows symlinks but survives a symlink cycle', () => {
  const dir = join(tmp.dir, 'cyclic');
  mkdirSync(join(dir, 'a/b'), { recursive: true });
  writeFileSync(join(dir, 'a/b/X.class'), 'x');
  symlinkSync(join(dir, 'a'), join(dir, 'a/b/loop'));
  symlinkSync(join(dir, 'missing-target'), join(dir, 'dangling'));
  assert.deepEqual([...new ClassDirectory(dir).listResources()], ['a/b/X.class']);
});

test('find: user entries in order, then the JDK; sources say where bytes came from', () => {
  const cp = ClassPath.from([classes, jarPath], { jdk });
  try {
    const hello = cp.find('cp/demo/Hello');
    assert.equal(hello?.source, join(classes, 'cp/demo/Hello.class'));
    assert.ok(same(hello?.bytes, read(join(classes, 'cp/demo/Hello.class'))));
    const str = cp.find('java/lang/String');
    assert.equal(str?.source, 'jrt:/java.base/java/lang/String.class');
    assert.ok(same(str?.bytes, image.find('/java.base/java/lang/String.class')!));
    assert.equal(cp.find('cp/demo/Missing'), undefined);
    assert.equal(cp.find('java/lang/Missing'), undefined);
    assert.equal(cp.find('Top')?.source, join(classes, 'Top.class'));
  } finally {
    cp.close();
  }
  const jarFirst = ClassPath.from([jarPath, classes], { jdk: null });
  assert.equal(jarFirst.find('cp/demo/Hello')?.source, `${jarPath}!cp/demo/Hello.class`);
  assert.equal(jarFirst.find('java/lang/String'), undefined, 'no JDK');
  jarFirst.close();
});

test('user entries shadow the JDK for find, not for findBoot', () => {
  const shadow = join(tmp.dir, 'shadow');
  mkdirSync(join(shadow, 'java/lang'), { recursive: true });
  copyFileSync(join(classes, 'Top.class'), join(shadow, 'java/lang/Integer.class'));
  const cp = ClassPath.from([shadow], { jdk });
  assert.equal(cp.find('java/lang/Integer')?.source, join(shadow, 'java/lang/Integer.class'));
  assert.equal(cp.findBoot('java/lang/Integer')?.source, 'jrt:/java.base/java/lang/Integer.class');
  assert.equal(cp.findUser('java/lang/String'), undefined);
  const listed = [...cp.listClasses()].filter((c) => c.internalName === 'java/lang/Integer');
  assert.deepEqual(listed, [{ internalName: 'java/lang/Integer', source: join(shadow, 'java/lang/Integer.class') }]);
  cp.close();
});

test('from: separator strings, dir/* wildcards, missing entries, bad jars', () => {
  const cp = ClassPath.from(`${join(tmp.dir, 'nope')}:${join(tmp.dir, 'lib', '*')}`, { jdk: null, platform: 'linux' });
  assert.deepEqual(cp.missing, [join(tmp.dir, 'nope')]);
  assert.deepEqual(
    cp.entries.map((e) => e.path),
    [jarPath],
  );
  assert.equal(cp.find('cp/demo/util/Helper')?.source, `${jarPath}!cp/demo/util/Helper.class`);
  cp.close();
  const notAJar = join(tmp.dir, 'not-a.jar');
  writeFileSync(notAJar, 'this is text');
  assert.throws(() => ClassPath.from([classes, notAJar], { jdk: null }), (e: unknown) => e instanceof ZipFormatError && e.message.includes(notAJar));
});

test('findResource: user entries, then the JDK module owning the package', () => {
  const cp = ClassPath.from([jarPath], { jdk });
  try {
    assert.equal(cp.findResource('cp/demo/message.txt')?.source, `${jarPath}!cp/demo/message.txt`);
    // A non-class resource of java.base, chosen from the image's own listing.
    const res = image.entries('java.base').find((n) => !n.endsWith('.class') && !n.includes('META-INF') && n.split('/').length > 4)!;
    const rel = res.slice('/java.base/'.length);
    const found = cp.findResource(rel);
    assert.equal(found?.source, `jrt:${res}`);
    assert.ok(same(found?.bytes, image.find(res)!));
    assert.equal(cp.findResource('no/such/resource.txt'), undefined);
    assert.equal(cp.findResource('toplevel.txt'), undefined);
  } finally {
    cp.close();
  }
});

test('listClasses: user classes then every JDK class, each name once', () => {
  const cp = ClassPath.from([classes, jarPath], { jdk });
  try {
    const all = [...cp.listClasses()];
    const names = all.map((c) => c.internalName);
    assert.equal(new Set(names).size, names.length, 'no duplicates');
    const user = all.filter((c) => !c.source.startsWith('jrt:'));
    assert.deepEqual(
      user.map((c) => c.internalName),
      listFiles(classes)
        .filter((f) => f.endsWith('.class'))
        .map((f) => f.slice(0, -6)),
    );
    assert.ok(user.every((c) => c.source.startsWith(classes)), 'the directory shadows the jar');
    const jdkClasses = image.entries().filter((n) => n.endsWith('.class') && !n.endsWith('/module-info.class'));
    assert.equal(all.length - user.length, jdkClasses.length);
    assert.ok(all.some((c) => c.internalName === 'java/lang/Object' && c.source === 'jrt:/java.base/java/lang/Object.class'));
    for (const c of all.slice(0, 20)) assert.ok(cp.find(c.internalName)?.source === c.source, c.internalName);
  } finally {
    cp.close();
  }
});

test('splitClassPath uses the platform separator and drops empty parts', () => {
  assert.deepEqual(splitClassPath('a:b.jar::/c/*', 'linux'), ['a', 'b.jar', '/c/*']);
  assert.deepEqual(splitClassPath('C:\\a;D:\\b.jar;', 'win32'), ['C:\\a', 'D:\\b.jar']);
  assert.deepEqual(splitClassPath('', 'linux'), []);
});

test('resolveTarget: class files, jar entries, jrt names and class names', () => {
  let built = 0;
  const lazy = (): ClassPath => {
    built++;
    return ClassPath.from([classes], { jdk });
  };
  const helperFile = join(classes, 'cp/demo/util/Helper.class');
  const helper = read(helperFile);

  const f = resolveTarget(relative(process.cwd(), helperFile), lazy);
  assert.equal(f.source, helperFile);
  assert.ok(same(f.bytes, helper));
  for (const spec of ['cp/demo/util/Helper.class', 'cp/demo/util/Helper', 'cp.demo.util.Helper', '/cp/demo/util/Helper.class']) {
    const j = resolveTarget(`${jarPath}!${spec}`, lazy);
    assert.equal(j.source, `${jarPath}!cp/demo/util/Helper.class`, spec);
    assert.ok(same(j.bytes, helper));
  }
  assert.equal(built, 0, 'no class path is built for files and jar entries');

  const cp = ClassPath.from([classes], { jdk });
  try {
    assert.equal(resolveTarget('java.lang.String', cp).source, 'jrt:/java.base/java/lang/String.class');
    assert.equal(resolveTarget('java/util/Map$Entry', cp).source, 'jrt:/java.base/java/util/Map$Entry.class');
    assert.equal(resolveTarget('cp.demo.Hello', cp).source, join(classes, 'cp/demo/Hello.class'));
    assert.equal(resolveTarget('jrt:/java.base/java/lang/Object.class', cp).source, 'jrt:/java.base/java/lang/Object.class');

    const fails: Array<[string, RegExp]> = [
      ['java.lang.NoSuchThing', /class java\/lang\/NoSuchThing not found \(searched 1 class path entry and the JDK at /],
      [join(tmp.dir, 'Missing.class'), /no such file/],
      [classes, /is a directory/],
      [`${jarPath}!cp/demo/Nope.class`, /no entry cp\/demo\/Nope\.class in /],
      [`${join(tmp.dir, 'no.jar')}!a/B.class`, /no such jar file/],
      ['jrt:/java.base/java/lang/Nope.class', /no such resource/],
      ['', /empty target/],
      ['not a class name', /neither an existing file nor a class name/],
    ];
    for (const [target, pattern] of fails) {
      assert.throws(
        () => resolveTarget(target, cp),
        (e: unknown) => e instanceof TargetNotFoundError && pattern.test(e.message),
        target,
      );
    }
    const noJdk = ClassPath.from([], { jdk: null });
    assert.throws(() => resolveTarget('jrt:/java.base/java/lang/Object.class', noJdk), /no JDK/);
    assert.throws(() => resolveTarget('java.lang.Object', noJdk), /searched an empty class path and no JDK/);
  } finally {
    cp.close();
  }
});
