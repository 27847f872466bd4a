// How the embedded JVM decides which natives HotSpot links through ClassLoader.findNative
// (interp/native-libs.ts): JNI names as the JNI spec mangles them, and the symbols a JDK library
// exports, read from its ELF .dynsym (what dlsym would find).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { dynamicSymbols, jniNames } from '../../server/src/interp/native-libs';
import type { JMethod } from '../../server/src/interp/klass';
import { javaHome } from '../helpers/java';

const method = (cls: string, name: string, desc: string): JMethod => ({ klass: { name: cls }, name, desc }) as unknown as JMethod;

test('JNI short and long names: _ ; [ and non-ASCII escaped, the long name carries the arguments', () => {
  assert.deepEqual(jniNames(method('java/util/zip/Inflater', 'inflateBytesBytes', '(J[BII[BII)J')), [
    'Java_java_util_zip_Inflater_inflateBytesBytes',
    'Java_java_util_zip_Inflater_inflateBytesBytes__J_3BII_3BII',
  ]);
  assert.deepEqual(jniNames(method('sun/nio/fs/UnixNativeDispatcher', 'stat0', '(JLsun/nio/fs/UnixFileAttributes;)I')), [
    'Java_sun_nio_fs_UnixNativeDispatcher_stat0',
    'Java_sun_nio_fs_UnixNativeDispatcher_stat0__JLsun_nio_fs_UnixFileAttributes_2',
  ]);
  assert.deepEqual(jniNames(method('a/B_c', 'd\u00e9', '()V')), ['Java_a_B_1c_d_000e9', 'Java_a_B_1c_d_000e9__']);
});

test("a library's exported symbols: libzip has Inflater's natives, libjava does not", () => {
  const lib = join(javaHome(), 'lib');
  const zip = dynamicSymbols(join(lib, 'libzip.so'));
  const java = dynamicSymbols(join(lib, 'libjava.so'));
  assert.ok(zip?.has('Java_java_util_zip_Inflater_init'));
  assert.ok(java !== null && java.size > 100);
  assert.ok(!java.has('Java_java_util_zip_Inflater_init'));
  assert.ok(java.has('Java_java_io_FileInputStream_open0'));
  // Registered natives (Thread.registerNatives) are not exported: no upcall for them.
  assert.ok(!java.has('Java_java_lang_Thread_currentThread'));
  assert.equal(dynamicSymbols(join(lib, 'no-such-lib.so')), null);
});
