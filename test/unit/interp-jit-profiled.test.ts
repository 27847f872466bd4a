// The embedded JIT is invisible in profiled runs too: instrumented code (the transformer's
// counter, checks, sampling calls, reified-stack pushes, wrappers and call-outs) is compiled
// and inlined like any bytecode (instrumented callees get a larger inlining budget, and calls
// into the profiler runtime from inlined bodies leave to the interpreter without stopping
// speculation, docs/INTERPRETER.md "The JIT"). With a small granularity the sampling path runs
// often inside inlined callees; the output, the bytecodes the engine executed and the whole
// profile must be the same with the JIT on and off.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';
import { startInterpreterRun } from '../../server/src/engine/interp-run';
import { loadProfile } from '../../server/src/profile/index';
import { profileDifferences } from '../../server/src/profile/equal';

// (Not KOMORIUM_JIT_INLINE=0: that variant executes a few hundred bytecodes more than both
// the default and the JIT off, with and without instrumentation, on main too; see
// interp-jit.test.ts.)
const VARIANTS: Record<string, Record<string, string>> = {
  'JIT off': { KOMORIUM_JIT: '0' },
  // Methods above 2,000 chars of generated source compiled again with less inlined (compile.ts
  // MAX_SOURCE): the exits of the bodies still inlined and of the calls no longer inlined.
  'size bound': { KOMORIUM_JIT_MAX_SOURCE: '2000' },
  // A sampling call's block counted and left at the call, inlined frames built in the exit
  // (the default leaves at the block's start and builds them out of line: codegen.ts, inline.ts).
  'exits in place': { KOMORIUM_JIT_SAMPLE_BLOCK: '0', KOMORIUM_JIT_MAT_OUT: '0' },
  // Compiled code called by the interpreter at every pc of a compiled method, as before its
  // entry table (interpreter.ts `jen`; the default skips the pcs where it would return 0).
  'every pc entered': { KOMORIUM_JIT_ENTRY_TABLE: '0' },
};

test('profiled (--instrument app): the JIT changes neither the output, the bytecodes executed nor the profile', async () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'jit'));
  const work = tempDir('interp-jit-profiled');
  const run = async (name: string, env: Record<string, string>): Promise<{ stdout: string; bytecodes: number; profile: string }> => {
    const saved = Object.keys(env).map((k) => [k, process.env[k]] as const);
    Object.assign(process.env, env);
    try {
      const out: Buffer[] = [];
      let bytecodes = -1;
      const profile = join(work, `${name.replace(/\W/g, '-')}.json`);
      const r = startInterpreterRun({
        classpath: [classes],
        mainClass: 'JitClock',
        args: [],
        cwd: work,
        profilePath: profile,
        instrument: 'app',
        // Booted every time: a boot snapshot restored in some variants and not in others
        // (one written by an earlier variant) would leave the boot's bytecodes out of some runs.
        bootSnapshot: false,
        granularity: 211,
        random: 17,
        seed: 3,
        onStdout: (b) => out.push(b),
        onStats: (s) => (bytecodes = s.bytecodes),
      });
      r.endStdin();
      const o = await r.done;
      assert.equal(o.exitCode, 0, `${name}: ${o.error ?? ''}`);
      return { stdout: Buffer.concat(out).toString('utf8'), bytecodes, profile };
    } finally {
      for (const [k, v] of saved) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };
  const jit = await run('default', {});
  assert.match(jit.stdout, /phase 3: -?\d+/);
  const base = loadProfile(jit.profile);
  assert.ok(base.meta.totalSamples > 1000, `samples: ${base.meta.totalSamples}`);
  for (const [name, env] of Object.entries(VARIANTS)) {
    const v = await run(name, env);
    assert.equal(v.stdout, jit.stdout, `${name}: output differs from the default JIT`);
    // The program's bytecodes: the profile's total (its threads). Not the engine's total of all
    // threads: the runtime's own threads (the deadlock watch) wake on the real clock, so how
    // often they ran depends on the machine's load (50 bytecodes apart in a loaded npm test).
    assert.equal(loadProfile(v.profile).meta.totalBytecodes, base.meta.totalBytecodes, `${name}: bytecodes executed differ from the default JIT`);
    assert.ok(v.bytecodes > 0 && jit.bytecodes > 0);
    assert.deepEqual(profileDifferences(base, loadProfile(v.profile)), [], `${name}: profile differs from the default JIT`);
  }
});
