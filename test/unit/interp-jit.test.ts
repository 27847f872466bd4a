// The embedded JVM's JIT is invisible (docs/ARCHITECTURE.md, invariants): a program whose hot
// loops throw from compiled code and from inlined callees, and leave inlined callees to the
// interpreter, prints the same output and executes exactly the same number of bytecodes with
// the JIT on, with its inlining or JS loops off, with less inlined (the source size bound), and with the JIT off. (Not the virtual clock:
// it advances per time slice, and compiled code ends slices at back edges only.) The settings
// are environment variables read when the engine's worker starts, so the variants run one
// after the other.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';
import { startInterpreterRun } from '../../server/src/engine/interp-run';

const VARIANTS: Record<string, Record<string, string>> = {
  'JIT off': { KOMORIUM_JIT: '0' },
  'no inlining': { KOMORIUM_JIT_INLINE: '0' },
  'no JS loops': { KOMORIUM_JIT_LOOPS: '0' },
  'no hoisted array data': { KOMORIUM_JIT_HOIST: '0' },
  // Loop copies' headers counted on entry (codegen.ts FOLD_HEADERS), hoisted null arrays null (NULL_EMPTY).
  'headers counted on entry': { KOMORIUM_JIT_FOLD_HEADERS: '0' },
  'hoisted null arrays null': { KOMORIUM_JIT_NULL_EMPTY: '0' },
  // Every method above 2,000 chars of source generated again with less inlined (compile.ts
  // MAX_SOURCE; by default 56,000, V8's bound on optimised functions).
  'size bound': { KOMORIUM_JIT_MAX_SOURCE: '2000' },
};

test('the JIT changes neither the output nor the bytecodes executed (inlining, JS loops, JIT off)', async () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'jit'));
  const run = async (env: Record<string, string>): Promise<{ stdout: string; bytecodes: number }> => {
    const saved = Object.keys(env).map((k) => [k, process.env[k]] as const);
    Object.assign(process.env, env);
    try {
      const out: Buffer[] = [];
      let bytecodes = -1;
      const r = startInterpreterRun({
        classpath: [classes],
        mainClass: 'JitClock',
        // Every variant boots: a run restored from the boot snapshot reports a few hundred
        // bytecodes more or less than a booted one in the engine's total (the snapshot is
        // written by the second boot, so variants would mix booted and restored runs).
        bootSnapshot: false,
        args: [],
        cwd: tempDir('interp-jit'),
        profilePath: 'unused.json',
        instrument: 'none',
        onStdout: (b) => out.push(b),
        onStats: (s) => (bytecodes = s.bytecodes),
      });
      r.endStdin();
      const o = await r.done;
      assert.equal(o.exitCode, 0, `${JSON.stringify(env)}: ${o.error ?? ''}`);
      return { stdout: Buffer.concat(out).toString('utf8'), bytecodes };
    } finally {
      for (const [k, v] of saved) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };
  const jit = await run({});
  assert.match(jit.stdout, /phase 3: -?\d+/);
  assert.match(jit.stdout, /loop arrays: -?\d+ Cannot load from int array .* \/ Index 8 out of bounds for length 8/);
  assert.match(jit.stdout, /length loops: -?\d+ Cannot read the array length because "(<local\d+>|q)" is null/);
  assert.ok(jit.bytecodes > 1_000_000, `bytecodes: ${jit.bytecodes}`);
  for (const [name, env] of Object.entries(VARIANTS)) {
    const v = await run(env);
    assert.equal(v.stdout, jit.stdout, `${name}: output differs from the default JIT`);
    assert.equal(v.bytecodes, jit.bytecodes, `${name}: bytecodes executed differ from the default JIT`);
  }
});
