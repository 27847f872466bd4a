// Dispatches `komorium <command> ...` to the command modules. Returns the process exit code.

export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(args: string[]): Promise<number>;
}

const commands: Command[] = [];

export function registerCommand(c: Command): void {
  commands.push(c);
}

function usage(): string {
  const lines = ['usage: komorium <command> [options]', '', 'commands:'];
  for (const c of commands) lines.push(`  ${c.name.padEnd(12)} ${c.summary}`);
  lines.push('', "Run 'komorium <command> --help' for a command's options.");
  return lines.join('\n');
}

export async function runCli(argv: string[]): Promise<number> {
  await import('./commands/index');
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name ? 0 : 2;
  }
  const cmd = commands.find((c) => c.name === name);
  if (!cmd) {
    process.stderr.write(`komorium: unknown command '${name}'\n${usage()}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(cmd.usage + '\n');
    return 0;
  }
  try {
    return await cmd.run(rest);
  } catch (e) {
    return commandFailed(name, e);
  }
}

/** Reports a command's error on stderr: the exit status (2 for a usage error, else 1). */
export function commandFailed(name: string, e: unknown): number {
  const err = e as Error;
  process.stderr.write(`komorium ${name}: ${err.name && err.name !== 'Error' ? err.name + ': ' : ''}${err.message}\n`);
  if (process.env.KOMORIUM_DEBUG) process.stderr.write(`${err.stack}\n`);
  return err.name === 'UsageError' ? 2 : 1;
}
