// engine/boot-inits.ts: the classes java's own boot initialises, read from -Xlog:class+init of a
// trial run, which the embedded engine initialises before the count (issue 15).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bootInitializedClasses, parseBootInits, trialOptions } from '../../server/src/engine/boot-inits';
import { javaHome, tempDir, testJdks } from '../helpers/java';

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

// JDK 21+: java's VM initialises jdk.internal.vm.Continuation at the end of its creation when it
// has VM continuations; the embedded engine has none (its <clinit> throws there: "VM does not
// support continuations"), so the trial runs java without them, as the embedded engine is. Before,
// JDK 25's list had Continuation, ContinuationSupport, StackChunk and Continuation$Pinned, and the
// embedded engine's boot with the list failed.
for (const jdk of testJdks()) {
  test(`bootInitializedClasses, JDK ${jdk.feature}: what the VM initialises for VM continuations is left out`, () => {
    assert.deepEqual(trialOptions(jdk.feature), jdk.feature >= 21 ? ['-XX:+UnlockExperimentalVMOptions', '-XX:-VMContinuations'] : []);
    const names = bootInitializedClasses(jdk.home, tempDir('boot-inits'));
    assert.ok(names.includes('java/lang/invoke/MethodHandleNatives'), names.join(' '));
    assert.deepEqual(names.filter((n) => n.startsWith('jdk/internal/vm/')), [], names.join(' '));
  });
}
