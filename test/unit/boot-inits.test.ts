// engine/boot-inits.ts: the classes java's own boot initialises, read from -Xlog:class+init of a
// trial run, which the embedded engine initialises before the count (issue 15).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bootInitializedClasses, parseBootInits } from '../../server/src/engine/boot-inits';
import { javaHome, tempDir } from '../helpers/java';

test('parseBootInits: the classes before LauncherHelper, in order, hidden classes left out', () => {
  const log = [
    "[0.441s][info][class,init] 0 Initializing 'java/lang/Object'(no method) (0x1)",
    "[0.441s][info][class,init] 1 Initializing 'java/lang/invoke/MethodHandleNatives' (0x2)",
    "[0.441s][info][class,init] 2 Initializing 'java/lang/invoke/LambdaForm$MH/0x0000000800c01000' (0x3)",
    "[0.441s][info][class,init] 3 Initializing 'jdk/internal/module/SystemModuleFinders$$Lambda$5+0x80000000f' (0x4)",
    "[0.442s][info][class,init] 4 Initializing 'sun/launcher/LauncherHelper' (0x5)",
    "[0.443s][info][class,init] 5 Initializing 'Hello' (0x6)",
  ].join('\n');
  assert.deepEqual(parseBootInits(log), ['java/lang/Object', 'java/lang/invoke/MethodHandleNatives']);
});

test("bootInitializedClasses: java's boot initialises java.lang.invoke's core; the list is cached per JDK", () => {
  const cache = tempDir('boot-inits');
  const names = bootInitializedClasses(javaHome(), cache);
  assert.ok(names.includes('java/lang/invoke/MethodHandleNatives'), names.join(' '));
  assert.ok(names.indexOf('java/lang/Object') < names.indexOf('java/lang/invoke/MethodHandleNatives'));
  assert.ok(!names.includes('sun/launcher/LauncherHelper'));
  const files = readdirSync(cache);
  assert.equal(files.length, 1);
  assert.ok(existsSync(join(cache, files[0]!)));
  assert.deepEqual(bootInitializedClasses(javaHome(), cache), names);
});
