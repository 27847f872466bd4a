// An embedded `--instrument all` run's preparation (engine/interp-archived.ts archivedForRun: the
// instrumented copy of the JDK built, its CDS archive's trials run) leaves the calling thread
// free: the language server answers requests meanwhile (docs/ARCHITECTURE.md, no blocking child
// process on the server's thread). The private cache holds a fake copy whose `java` waits until
// this thread, after archivedForRun has returned its promise, writes a file; before async39 the
// trials were spawnSync calls on this thread, so the file could never be written while they ran:
// each `java` gave up waiting (10 s) and said so in its log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/java';
import { findJavaHome } from '../../server/src/classpath/index';
import { archivedForRun } from '../../server/src/engine/interp-archived';
import { jdkImageDir, jdkModulesOverride } from '../../server/src/engine/jdk-image';
import type { RuntimeBuild } from '../../server/src/runtime/build';

test('the copy\'s archive trials run while the calling thread stays free', async () => {
  const cache = tempDir('archived-async');
  const saved = process.env.KOMORIUM_CACHE;
  process.env.KOMORIUM_CACHE = cache;
  try {
    const jdk = findJavaHome();
    // The copy's key takes the runtime's hash only: no runtime is built.
    const runtime: RuntimeBuild = { classesDir: join(cache, 'no-runtime'), hash: '0'.repeat(64), compiled: false, release: String(jdk.feature) };
    const home = jdkImageDir({ jdk, cache, runtime, maxPath: undefined, modules: jdkModulesOverride() });
    mkdirSync(join(home, 'bin'), { recursive: true });
    mkdirSync(join(home, 'lib', 'server'), { recursive: true });
    writeFileSync(join(home, 'lib', 'classlist'), 'java/lang/Object\n');
    writeFileSync(join(home, 'lib', 'server', 'classes.jsa'), 'not an archive');
    writeFileSync(join(home, 'lib', 'modules'), '');
    writeFileSync(join(home, '.complete'), '');
    const go = join(cache, 'go');
    const calls = join(cache, 'java-calls.log');
    // Each call waits for `go` (at most 10 s), logs whether it came, and fails (no trial result).
    writeFileSync(
      join(home, 'bin', 'java'),
      `#!/bin/sh\nn=0\nwhile [ ! -e '${go}' ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n+1)); done\n` +
        `if [ -e '${go}' ]; then echo go >> '${calls}'; else echo timeout >> '${calls}'; fi\nexit 1\n`,
    );
    chmodSync(join(home, 'bin', 'java'), 0o755);

    const lines: string[] = [];
    let preparing = 0;
    const pending = archivedForRun(jdk, runtime, undefined, (l) => lines.push(l), () => preparing++);
    // This thread's turn, while the trials wait for it.
    await new Promise((r) => setTimeout(r, 10));
    writeFileSync(go, '');
    const archived = await pending;

    assert.equal(preparing, 1, 'the run is in its preparing phase');
    const log = readFileSync(calls, 'utf8').trim().split('\n');
    assert.ok(log.length >= 1, 'the fake copy\'s java ran');
    assert.deepEqual(log.filter((l) => l !== 'go'), [], `each trial saw this thread write the file while it ran: ${log.join(', ')}`);
    assert.equal(archived.archivedHashes, undefined, 'no trial result');
    assert.ok(lines.some((l) => /the trial run of the CDS archive .* failed/.test(l)), `the worker's note reaches the run's log: ${lines.join('\n')}`);
  } finally {
    if (saved === undefined) delete process.env.KOMORIUM_CACHE;
    else process.env.KOMORIUM_CACHE = saved;
  }
});
