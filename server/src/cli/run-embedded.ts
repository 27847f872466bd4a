// `komorium run` on the embedded engine: the run started (engine/interp-run.ts) with the CLI's
// streams, stdin and signals, and its summary line. Used by the command (commands/run.ts) and by
// the small entry that runs it without loading the rest of the CLI (run-embedded-entry.ts).

import { existsSync } from 'node:fs';
import { signalExitStatus } from '../engine/run';
import { startInterpreterRun } from '../engine/interp-run';
import type { SignalTrap } from './signals';

export interface EmbeddedCliRun {
  classpath: string[];
  mainClass: string;
  args: string[];
  out: string;
  instrument: 'all' | 'app' | 'none';
  exact?: 'all' | 'app';
  granularity: number;
  random: number;
  seed: number;
  maxPath: number;
  vmArgs: string[];
  jdk?: string;
  clock: 'real' | 'virtual';
  bootSnapshot: boolean;
}

/**
 * The one-line summary on stderr after a run (`written`: this run's profile replaced `out`);
 * `summaryOf` gives a written profile's line.
 */
export function summarize(out: string, written: boolean, noAgent: boolean, exit: string | number | null, summaryOf: (out: string) => string): void {
  if (written) process.stderr.write(summaryOf(out));
  else if (noAgent) process.stderr.write(`komorium: ran without an agent (--agent none): no profile\n`);
  else process.stderr.write(`komorium: no profile was written (the JVM exited with ${exit})${existsSync(out) ? `; ${out} is left as it was` : ''}\n`);
}

/** Runs `o` on the embedded engine: the exit status. */
export async function runEmbedded(signals: SignalTrap, o: EmbeddedCliRun, summaryOf: (out: string) => string): Promise<number> {
  const run = startInterpreterRun({
    classpath: o.classpath,
    mainClass: o.mainClass,
    args: o.args,
    profilePath: o.out,
    instrument: o.instrument,
    exact: o.exact,
    granularity: o.granularity,
    random: o.random,
    seed: o.seed,
    maxPath: o.maxPath,
    vmArgs: o.vmArgs,
    jdk: o.jdk,
    clock: o.clock,
    ...(o.bootSnapshot ? {} : { bootSnapshot: false }),
    directStdin: true,
    onStdout: (b) => process.stdout.write(b),
    onStderr: (b) => process.stderr.write(b),
    onLog: (l) => process.stderr.write(`${l.startsWith('komorium: ') ? '' : 'komorium: '}${l}\n`),
    // After a signal, wait for the profile however long it takes, as java does.
    cancelGraceMs: Infinity,
  });
  // The reader of our output has gone (main.ts drops the rest): the program's later writes
  // there fail, as java's do on a closed pipe (PrintStream.checkError() becomes true).
  process.stdout.on('error', (e: NodeJS.ErrnoException) => e.code === 'EPIPE' && run.outputClosed?.(1));
  process.stderr.on('error', (e: NodeJS.ErrnoException) => e.code === 'EPIPE' && run.outputClosed?.(2));
  if (signals.received) run.cancel(signals.received);
  signals.onSignal((s) => run.cancel(s));
  const r = await run.done;
  if (r.error) process.stderr.write(`komorium: ${r.error}\n`);
  if (o.instrument !== 'none' || o.exact) summarize(o.out, r.profilePath !== null, o.vmArgs.includes('-Dkomorium.agent=none'), r.exitCode, summaryOf);
  return r.exitCode ?? (signals.received ? signalExitStatus(signals.received) : 1);
}
