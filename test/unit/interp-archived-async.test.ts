// An embedded `--instrument all` run's preparation (engine/interp-archived.ts archivedForRun: the
// instrumented copy of the JDK built, its CDS archive's trials run) leaves the calling thread
// free: the language server answers requests meanwhile (docs/ARCHITECTURE.md, no blocking child
// process on the server's thread). The private cache holds a fake copy whose `java` waits until
// this thread, after archivedForRun has returned its promise, writes a file; before async39 the
// trials were spawnSync calls on this thread, so the file could never be written while they ran:
// each `java` gave up waiting (10 s) and said so in its log. A Stop meanwhile ends the run at
// once (before, the run could not even be stopped until the trials were over).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/java';
import { findJavaHome, type JdkInfo } from '../../server/src/classpath/index';
import { cacheRoot } from '../../server/src/engine/cache';
import { archivedForRun } from '../../server/src/engine/interp-archived';
import { jdkImageDir, jdkModulesOverride } from '../../server/src/engine/jdk-image';
import { startInterpreterRun } from '../../server/src/engine/interp-run';
import { buildRuntime, type RuntimeBuild } from '../../server/src/runtime/build';


/**
 * A fake instrumented copy of `jdk` for `runtime` in `cache` (KOMORIUM_CACHE): each call of its
 * `java` waits for the file `go` (at most 10 s), logs `go` or `timeout` to `calls`, and fails
 * (so the trials give no result).
 */
function fakeCopy(cache: string, jdk: JdkInfo, runtime: RuntimeBuild): { go: string; calls: string } {
  const home = jdkImageDir({ jdk, cache, runtime, maxPath: undefined, modules: jdkModulesOverride() });
  mkdirSync(join(home, 'bin'), { recursive: true });
  mkdirSync(join(home, 'lib', 'server'), { recursive: true });
  writeFileSync(join(home, 'lib', 'classlist'), 'java/lang/Object\n');
  writeFileSync(join(home, 'lib', 'server', 'classes.jsa'), 'not an archive');
  writeFileSync(join(home, 'lib', 'modules'), '');
  writeFileSync(join(home, '.complete'), '');
  const go = join(cache, 'go');
  const calls = join(cache, 'java-calls.log');
  writeFileSync(
    join(home, 'bin', 'java'),
    `#!/bin/sh\nn=0\nwhile [ ! -e '${go}' ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n+1)); done\n` +
      `if [ -e '${go}' ]; then echo go >> '${calls}'; else echo timeout >> '${calls}'; fi\nexit 1\n`,
  );
  chmodSync(join(home, 'bin', 'java'), 0o755);
  return { go, calls };
}

/** `f` with KOMORIUM_CACHE set to `cache`. */
async function withCache(cache: string, f: () => Promise<void>): Promise<void> {
  const saved = process.env.KOMORIUM_CACHE;
  process.env.KOMORIUM_CACHE = cache;
  try {
    await f();
  } finally {
    if (saved === undefined) delete process.env.KOMORIUM_CACHE;
    else process.env.KOMORIUM_CACHE = saved;
  }
}

test('the copy\'s archive trials run while the calling thread stays free', async () => {
  const cache = tempDir('archived-async');
  await withCache(cache, async () => {
    const jdk = findJavaHome();
    // The copy's key takes the runtime's hash only: no runtime is built.
    const runtime: RuntimeBuild = { classesDir: join(cache, 'no-runtime'), hash: '0'.repeat(64), compiled: false, release: String(jdk.feature) };
    const { go, calls } = fakeCopy(cache, jdk, runtime);
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
  });
});

test('a Stop while the trials run ends the run at once; they finish in the background', async () => {
  const cache = tempDir('archived-async-stop');
  // The shared runtime build (content-keyed): the fake copy is keyed by it, as the run's is.
  mkdirSync(join(cacheRoot(), 'runtime'), { recursive: true });
  symlinkSync(join(cacheRoot(), 'runtime'), join(cache, 'runtime'));
  await withCache(cache, async () => {
    const jdk = findJavaHome();
    const runtime = buildRuntime(join(cache, 'runtime'), { jdk: jdk.home });
    const { go, calls } = fakeCopy(cache, jdk, runtime);
    let preparing!: () => void;
    const prepared = new Promise<void>((r) => (preparing = r));
    const lines: string[] = [];
    const r = startInterpreterRun({
      classpath: [cache],
      mainClass: 'Main',
      args: [],
      profilePath: join(cache, 'profile.json'),
      instrument: 'all',
      onProgress: (p) => {
        if (p.phase === 'preparing') preparing();
      },
      onLog: (l) => lines.push(l),
    });
    await prepared;
    r.cancel();
    const out = await r.done;
    assert.equal(out.cancelled, true, out.error);
    assert.equal(out.profilePath, null);
    assert.equal(existsSync(calls) ? readFileSync(calls, 'utf8') : '', '', 'the run ended while the trials still waited');
    // The trials go on in their worker: released, they end (the test's process waits for them).
    writeFileSync(go, '');
  });
});
