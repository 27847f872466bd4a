// The embedded engine's worker keeps V8's ArrayBufferDetaching protector intact (xs18,
// docs/BENCHMARKS.md part B). The first ArrayBuffer detached in an isolate (a transfer,
// `structuredClone(b, { transfer })`) invalidates it for the isolate's life, and from then on
// TurboFan's code checks the buffer of every typed-array access: the frames' slot arrays and every
// primitive Java array, in the JIT's generated code and the interpreter (a Float64Array loop ~35%
// slower in node 20). The snapshot restore detached the buffer of a part it was done with
// (snapshot/store.ts releaseBytes) in every restored run. V8 reports an invalidation on stdout
// with --trace-protector-invalidation: a run that boots and writes the boot snapshot and one
// restored from it report none, and print what HotSpot prints. The built CLI (dist/, `npm run
// build` first): run from the sources, node's module hooks (tsx) transfer buffers of their own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, runJava } from '../helpers/java';
import { snapshotCache } from '../helpers/snapshot-runs';

const CLI = join(REPO, 'dist', 'cli.mjs');

function run(classes: string, cache: string): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, ['--trace-protector-invalidation', CLI, 'run', '--engine', 'interpreter', '--no-profile', '-cp', classes, 'ArrayLoops'], {
    encoding: 'utf8',
    cwd: classes,
    env: { ...process.env, KOMORIUM_CACHE: cache, KOMORIUM_BOOT_SNAPSHOT: 'always', KOMORIUM_MAIN_SNAPSHOT: '0', KOMORIUM_TRACE_SNAPSHOT: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

test('a restored embedded run never detaches an ArrayBuffer (V8 ArrayBufferDetaching protector intact)', () => {
  assert.ok(existsSync(CLI), 'npm run build first');
  const store = join(REPO, 'server', 'src', 'interp', 'snapshot', 'store.ts');
  assert.ok(statSync(CLI).mtimeMs >= statSync(store).mtimeMs, 'dist/ is older than the sources: npm run build');
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'protectors'));
  const hs = runJava(['-cp', classes, 'ArrayLoops']);
  assert.equal(hs.status, 0, hs.stderr);
  const cache = snapshotCache('interp-protectors');
  const written = run(classes, cache);
  assert.equal(written.status, 0, written.stderr);
  assert.ok(/boot snapshot written/.test(written.stderr), written.stderr);
  const restored = run(classes, cache);
  assert.equal(restored.status, 0, restored.stderr);
  assert.ok(/boot snapshot restored/.test(restored.stderr), restored.stderr);
  for (const [what, r] of [['written', written], ['restored', restored]] as const) {
    assert.ok(!/ArrayBufferDetaching/.test(r.stdout), `${what}: the protector was invalidated:\n${r.stdout}`);
    assert.equal(r.stdout.split('\n').filter((l) => !l.startsWith('Invalidating protector cell')).join('\n'), hs.stdout, `${what}: stdout`);
  }
});
