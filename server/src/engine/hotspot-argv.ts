// The `java` command line of a HotSpot run (hotspot-classes.ts says why the engine's options go
// into an argument file). A module of its own, without the transformer, so that the CLI's warm
// path (cli/run-fast.ts) can build the same command line without loading it.

import { writeFileSync } from 'node:fs';
import { runtimeSystemProperties, stackSizeArgs } from '../runtime/contract';

/** One argument as the java launcher's @argfile syntax reads it (quoted, `\` and `"` escaped). */
export function argFileQuote(a: string): string {
  return `"${a.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t').replace(/\f/g, '\\f')}"`;
}

/**
 * The `java` arguments of a run: `@argFile` (written here: the engine's options, the stack size,
 * the runtime's komorium.* properties, including any the user passed), then the user's other
 * JVM options, `-cp` with the class path as the user gave it, the main class and its arguments.
 */
export function hotspotArgv(o: { argFile: string; engineArgs: string[]; props: string[]; vmArgs: string[]; classpath: string; mainClass: string; args: string[] }): string[] {
  const own = (a: string): boolean => a.startsWith('-Dkomorium.');
  const hidden = [...o.engineArgs, ...stackSizeArgs(o.vmArgs), ...o.vmArgs.filter(own), ...o.props];
  writeFileSync(o.argFile, hidden.map(argFileQuote).join('\n') + '\n');
  return [`@${o.argFile}`, ...o.vmArgs.filter((a) => !own(a)), '-cp', o.classpath, o.mainClass, ...o.args];
}

/**
 * The live-snapshot properties of a run without live snapshots, empty (Config reads an empty
 * value as unset). Every profiled run passes both keys, live or not, so that the program's
 * Properties table has the same keys, hence the same hash bins and resizes, and the JDK's
 * counted property lookups run the same bytecodes with and without live snapshots
 * (docs/RUNTIME.md, "Live snapshots"; their values never change a lookup).
 */
export const NO_LIVE_PROPS: readonly string[] = ['-Dkomorium.live=', '-Dkomorium.liveInterval='];

/**
 * The runtime's komorium.* properties of a CLI run (hotspot.ts runOnHotSpot, cli/run-fast.ts), in
 * the order of every profiled run (contract.ts runtimeSystemProperties: RUNTIME_PROPERTIES' order,
 * then the live keys; the editor's HotSpot runs and the embedded engine's use it too). The order
 * is the one the VM lists them in, which decides the order of keys that share a bin of the
 * program's Properties table, and so what its counted lookups and iterations run.
 */
export function cliRunProps(o: { staging: string; all: boolean; mainClass: string; args: string[]; granularity?: number; random?: number; seed?: number }): string[] {
  return [
    ...runtimeSystemProperties({
      // Every key in every run, empty for the runtime's default (Config.java): the program's
      // Properties table, whose lookups are counted, then has the same keys whether or not the
      // user gave the options, in the CLI and the editor alike (interp-run.ts does the same).
      granularity: o.granularity ?? '',
      random: o.random ?? '',
      seed: o.seed ?? '',
      out: o.staging,
      scope: o.all ? 'all' : 'app',
      engine: 'hotspot',
      program: o.mainClass,
      args: o.args,
      // The JDK's start-up (System.initPhase1-3) runs instrumented but is not counted (reflect-patch.ts, BOOT_FLAG).
      ...(o.all ? { startup: 'excluded' } : {}),
    }),
    ...NO_LIVE_PROPS,
  ];
}
