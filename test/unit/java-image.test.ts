// The image Java code reads on the embedded engine with the JDK instrumented (engine/java-image.ts):
// the names HotSpot's copy adds, found without building it, and the view (its index, the JDK's
// content, its tree) as NativeImageBuffer maps it from two files (memory.ts mapPieces).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findJavaHome } from '../../server/src/classpath/jdk';
import { JImage } from '../../server/src/classpath/jimage';
import { copyAddedNames, copyWide, javaImageView } from '../../server/src/engine/java-image';
import { memory } from '../../server/src/interp/natives/jdk/internal/misc/memory';
import { tempDir } from '../helpers/java';

function fakeRuntime(): string {
  const dir = tempDir('java-image-rt');
  mkdirSync(join(dir, 'komorium', 'rt'), { recursive: true });
  for (const c of ['TC', 'MID']) writeFileSync(join(dir, 'komorium', 'rt', `${c}.class`), 'x');
  return dir;
}

// The copy (jdk-image.ts) adds the runtime, the patch's own classes and a MID holder for every
// enum of an instrumented module (jdk-module-worker.ts): compared by hand with the copies in the
// shared cache (JDK 17 and 25, java.base and every module), the same lists.
test("the copy's added names: the runtime, the patch's classes, the instrumented modules' enums' MID holders", () => {
  const jdk = findJavaHome();
  const cache = tempDir('java-image-cache');
  const runtimeDir = fakeRuntime();
  const image = JImage.open(jdk.modulesPath);
  try {
    const base = copyAddedNames({ jdk, image, cache, runtimeDir, modules: ['java.base'] });
    const all = copyAddedNames({ jdk, image, cache, runtimeDir });
    assert.deepEqual(base, [...base].sort());
    for (const n of ['/java.base/komorium/rt/TC.class', '/java.base/komorium/rt/MID.class', '/java.base/java/lang/KomoriumClasses.class', '/java.base/java/lang/KomoriumReflect.class', '/java.base/java/lang/Thread$State$komorium$MIDs.class']) {
      assert.ok(base.includes(n), n);
    }
    // Not an enum (a class with an enum's methods but another super class), not a nested enum's outer class.
    assert.ok(!base.includes('/java.base/java/lang/Enum$komorium$MIDs.class'));
    assert.ok(!base.includes('/java.base/java/lang/Thread$komorium$MIDs.class'));
    assert.ok(!base.includes('/java.sql/java/sql/JDBCType$komorium$MIDs.class'));
    assert.ok(all.includes('/java.sql/java/sql/JDBCType$komorium$MIDs.class'));
    for (const n of [...base, ...all]) assert.equal(image.findLocation(n), undefined, `${n} is new`);
    const holders = base.filter((n) => n.endsWith('$komorium$MIDs.class')).length;
    assert.ok(holders > 100 && holders < all.filter((n) => n.endsWith('$komorium$MIDs.class')).length, String(holders));
  } finally {
    image.close();
  }
  const wide = copyWide(['java.sql']);
  assert.ok(wide('/java.sql/java/sql/Timestamp.class'));
  assert.ok(wide('/java.base/java/lang/Object.class'), "java.base's classes: the patch replaces some whatever the modules");
  assert.ok(!wide('/java.desktop/java/awt/Color.class'));
  assert.ok(!wide('/java.sql/module-info.class'));
  assert.ok(!wide('/java.base/META-INF/services/java.nio.file.spi.FileSystemProvider'));
});

test('the view as mapped: its index, the JDK content region, its tree; cached by its names', () => {
  const jdk = findJavaHome();
  const cache = tempDir('java-image-view');
  const runtimeDir = fakeRuntime();
  const v = javaImageView({ jdk, cache, runtimeDir, modules: ['java.base'] })!;
  assert.ok(v, 'a view');
  assert.deepEqual(javaImageView({ jdk, cache, runtimeDir, modules: ['java.base'] }), v, 'read back from the cache');
  const vfd = openSync(v.file, 'r');
  const jfd = openSync(v.jdkImage, 'r');
  try {
    const size = v.indexLength + v.contentLength + v.tailLength;
    const whole = Buffer.alloc(size);
    readSync(vfd, whole, 0, v.indexLength, 16);
    readSync(jfd, whole, v.indexLength, v.contentLength, v.jdkOffset);
    readSync(vfd, whole, v.indexLength + v.contentLength, v.tailLength, 16 + v.indexLength);
    const at = memory.mapPieces(
      [
        { at: 0, fd: vfd, offset: 16, length: v.indexLength },
        { at: v.indexLength, fd: jfd, offset: v.jdkOffset, length: v.contentLength },
        { at: v.indexLength + v.contentLength, fd: vfd, offset: 16 + v.indexLength, length: v.tailLength },
      ],
      size,
      true,
    );
    // Pages that straddle the pieces' ends, and the last bytes.
    for (const p of [0, v.indexLength - 3, v.indexLength + v.contentLength - 5, size - 7, (1 << 16) - 2]) {
      assert.deepEqual(Buffer.from(memory.bytes(at + p, 7)), whole.subarray(p, p + 7), `at ${p}`);
    }
    memory.free(at);
    const file = join(cache, 'whole');
    writeFileSync(file, whole);
    const view = JImage.open(file);
    const from = JImage.open(jdk.modulesPath);
    try {
      assert.equal(view.moduleOfPackage('komorium.rt'), 'java.base');
      assert.deepEqual(Buffer.from(view.find('/java.base/java/lang/Object.class')!), Buffer.from(from.find('/java.base/java/lang/Object.class')!));
      assert.deepEqual(Buffer.from(view.find('/java.sql/java/sql/Timestamp.class')!), Buffer.from(from.find('/java.sql/java/sql/Timestamp.class')!));
      assert.equal(view.find('/java.base/komorium/rt/TC.class')?.length, 0, 'new resources have no content in the view');
      assert.equal(view.header.tableLength, from.header.tableLength + copyAddedNames({ jdk, image: from, cache, runtimeDir, modules: ['java.base'] }).length + 4);
    } finally {
      view.close();
      from.close();
    }
  } finally {
    closeSync(vfd);
    closeSync(jfd);
  }
});
