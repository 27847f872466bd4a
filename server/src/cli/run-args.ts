// `komorium run`'s command line, shared by the command (commands/run.ts) and its warm path
// (run-fast.ts), which must read it alike: the flags, the -J options, and the options both
// engines take.

import { parseArgs, flag, intFlag, type ParsedArgs } from './args';

export const RUN_FLAGS = {
  engine: { value: true },
  classpath: { value: true, aliases: ['-cp', '--class-path'] },
  jar: { value: true, aliases: ['-jar'] },
  granularity: { value: true },
  random: { value: true },
  seed: { value: true },
  'max-path': { value: true },
  out: { value: true, aliases: ['-o'] },
  jdk: { value: true },
  agent: { value: true },
  instrument: { value: true },
  'no-profile': {},
  'no-boot-snapshot': {},
  exact: {},
  clock: { value: true },
};

/** The -J options (for the JVM) and the parsed rest. */
export function parseRunArgs(argv: string[]): { vmArgs: string[]; args: ParsedArgs } {
  const vmArgs: string[] = [];
  const rest = argv.filter((a) => {
    if (a.startsWith('-J') && a.length > 2) {
      vmArgs.push(a.slice(2));
      return false;
    }
    return true;
  });
  return { vmArgs, args: parseArgs(rest, RUN_FLAGS, true) };
}

/** The sampling options both engines take, with their defaults. */
/** Options only the embedded engine has (`auto` then picks it: engine/run.ts resolveEngine). */
export function embeddedOnly(args: ParsedArgs): boolean {
  return args.flags.has('exact') || args.flags.has('no-profile') || (flag(args, 'clock') ?? 'real') !== 'real';
}

export function samplingOptions(args: ParsedArgs): { granularity: number; random: number; seed: number; maxPath: number } {
  return {
    granularity: intFlag(args, 'granularity', 10000, 1, 2 ** 31 - 1),
    random: intFlag(args, 'random', 100, 0, 2 ** 31 - 1),
    seed: intFlag(args, 'seed', 1),
    maxPath: intFlag(args, 'max-path', 50, 0, 1 << 20),
  };
}

/** The JVM options of a run: the -J options, then the agent's property when --agent is given. */
export function runVmArgs(vmArgs: string[], args: ParsedArgs): string[] {
  return [...vmArgs, ...(flag(args, 'agent') ? [`-Dkomorium.agent=${flag(args, 'agent')}`] : [])];
}

/** The class path option as given (-cp, else $CLASSPATH, else `.`) and its entries. */
export function classPathOption(args: ParsedArgs): { cp: string; entries: string[] } {
  const cp = flag(args, 'classpath') ?? process.env.CLASSPATH ?? '.';
  return { cp, entries: cp.split(process.platform === 'win32' ? ';' : ':').filter((p) => p !== '') };
}
