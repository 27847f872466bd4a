// `komorium run`'s small entry for the embedded engine (dist/run-embedded.mjs): the warm path
// (run-fast.ts), having started the engine's worker early, runs here a command line that goes to
// the embedded engine, without loading the CLI bundle (dist/cli.mjs, ~0.8 MB: its parse and
// compilation on the main thread, and its heap, for the whole run). The command line is read as
// the command reads it (run-command.ts) and the run is the command's (run-embedded.ts); the
// summary line comes from a light reading of the profile (summary.ts). Anything this entry does
// not take (a command line that does not parse, --help, another engine) returns undefined
// before anything is done, and the full CLI runs it (its errors and usage text).

import { commandFailed } from './cli';
import { dropOutputOnEpipe } from './epipe';
import { parseRunCommand, type RunCommand } from './run-command';
import { runEmbedded } from './run-embedded';
import { SignalTrap } from './signals';
import { summaryLine } from './summary';

/** The exit status of the run, or undefined when this entry does not take it (nothing was done). */
export async function embeddedRun(argv: string[]): Promise<number | undefined> {
  // The CLI prints the command's usage for these anywhere on the line (cli.ts runCli).
  if (argv.includes('--help') || argv.includes('-h')) return undefined;
  let cmd: RunCommand;
  try {
    cmd = parseRunCommand(argv);
  } catch {
    return undefined;
  }
  if (cmd.embedded === undefined) return undefined;
  // As the CLI's entry (main.ts) and the command (commands/run.ts), in that order.
  dropOutputOnEpipe();
  const signals = new SignalTrap();
  for (const w of cmd.warnings) process.stderr.write(`${w}\n`);
  try {
    return await runEmbedded(signals, cmd.embedded, summaryLine);
  } catch (e) {
    return commandFailed('run', e);
  }
}
