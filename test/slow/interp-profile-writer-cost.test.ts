// The cost of writing the profile at shutdown on the embedded engine with the JDK instrumented
// (`--instrument all`): the runtime's ProfileWriter is uninstrumented Java, and each call it
// makes into a JDK method enters that method's wrapper. Reading strings with charAt per char
// (MIDImpl.split and decode, the JSON writer) made it cost ~50,000-70,000 bytecodes per profile
// entry (context or method); one getChars/indexOf per string brings it under 20,000.
// Measured in bytecodes (exact, from KOMORIUM_TRACE_STARTUP's phases), not in time.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';

/** Bytecodes executed (all threads) at the end of the trace phase named `phase`. */
function bytecodesAt(trace: string, phase: string): number {
  for (const line of trace.split('\n')) {
    const m = /([\d,]+) bytecodes \(.*\): (.*)$/.exec(line);
    if (m && m[2].startsWith(phase)) return Number(m[1].replace(/,/g, ''));
  }
  throw new Error(`no phase "${phase}" in the trace:\n${trace}`);
}

test('the shutdown profile writer costs under 30,000 bytecodes per profile entry (scope all)', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'profile-writer-cost'));
  const out = join(tempDir('writer-cost'), 'p.json');
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--engine', 'interpreter', '--instrument', 'all', '--no-boot-snapshot', '--granularity', '1000', '-o', out, '-cp', classes, 'WriterCost'], {
    encoding: 'utf8',
    env: { ...process.env, KOMORIUM_TRACE_STARTUP: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^sum -?\d+\n$/);
  const p = JSON.parse(readFileSync(out, 'utf8')) as { methods: unknown[]; threads: { nodes: unknown[] }[] };
  const entries = p.methods.length + p.threads.reduce((n, t) => n + t.nodes.length, 0);
  assert.ok(entries > 100, `a profile of ${entries} entries is too small to measure`);
  const shutdown = bytecodesAt(r.stderr, 'main and shutdown done') - bytecodesAt(r.stderr, 'main returned');
  assert.ok(shutdown < 30000 * entries, `shutdown ran ${shutdown} bytecodes for ${entries} profile entries (${Math.round(shutdown / entries)} each)`);
});
