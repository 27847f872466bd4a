// One uninstrumented embedded run of a main class with extra environment variables set for its
// duration (the JIT's knobs: KOMORIUM_JIT, KOMORIUM_TRACE_JIT, ...): its stdout, stderr and the
// engine's bytecode count (the same with the JIT on or off: the JIT stays invisible).

import assert from 'node:assert/strict';
import { tempDir } from './java';
import { startInterpreterRun } from '../../server/src/engine/interp-run';

export interface EnvRunOut {
  stdout: string;
  stderr: string;
  bytecodes: number;
}

export async function runEmbeddedWithEnv(classes: string, mainClass: string, env: Record<string, string>): Promise<EnvRunOut> {
  const saved = Object.keys(env).map((k) => [k, process.env[k]] as const);
  Object.assign(process.env, env);
  try {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let bytecodes = -1;
    const r = startInterpreterRun({
      classpath: [classes],
      mainClass,
      bootSnapshot: false,
      args: [],
      cwd: tempDir(`env-run-${mainClass}`),
      profilePath: 'unused.json',
      instrument: 'none',
      onStdout: (b) => out.push(b),
      onStderr: (b) => err.push(b),
      onStats: (s) => (bytecodes = s.bytecodes),
    });
    r.endStdin();
    const o = await r.done;
    assert.equal(o.exitCode, 0, `${JSON.stringify(env)}: ${o.error ?? ''}`);
    return { stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), bytecodes };
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
