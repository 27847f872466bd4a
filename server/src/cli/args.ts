// A small, strict argument parser for the CLI commands: declared flags only, clear errors.

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface FlagSpec {
  /** Takes a value (`--cp X` or `--cp=X`). */
  value?: boolean;
  /** May be given more than once (values collected in order). */
  repeat?: boolean;
  /** Other spellings, e.g. `-v`. */
  aliases?: string[];
}

export interface ParsedArgs {
  flags: Map<string, string[]>;
  positional: string[];
}

/**
 * Parses `argv` against `spec` (keys are long names without `--`). Positional arguments are
 * collected; after `--`, or after the first positional when `stopAtPositional` is set (for
 * `run ... MainClass args...`), everything else is positional.
 */
export function parseArgs(argv: readonly string[], spec: Record<string, FlagSpec>, stopAtPositional = false): ParsedArgs {
  const byName = new Map<string, string>();
  for (const [name, s] of Object.entries(spec)) {
    byName.set(`--${name}`, name);
    for (const a of s.aliases ?? []) byName.set(a, name);
  }
  const flags = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith('-') && arg !== '-') {
      const eq = arg.indexOf('=');
      const key = eq > 0 ? arg.slice(0, eq) : arg;
      const name = byName.get(key);
      if (name === undefined) throw new UsageError(`unknown option '${key}'`);
      const s = spec[name]!;
      let v = 'true';
      if (s.value) {
        if (eq > 0) v = arg.slice(eq + 1);
        else if (i + 1 < argv.length) v = argv[++i]!;
        else throw new UsageError(`option '${key}' needs a value`);
      } else if (eq > 0) throw new UsageError(`option '${key}' takes no value`);
      const list = flags.get(name) ?? [];
      if (list.length > 0 && !s.repeat) throw new UsageError(`option '${key}' given twice`);
      list.push(v);
      flags.set(name, list);
      continue;
    }
    positional.push(arg);
    if (stopAtPositional) {
      positional.push(...argv.slice(i + 1));
      break;
    }
  }
  return { flags, positional };
}

export function flag(p: ParsedArgs, name: string): string | undefined {
  return p.flags.get(name)?.at(-1);
}

export function intFlag(p: ParsedArgs, name: string, dflt: number, min = -Infinity, max = Infinity): number {
  const v = flag(p, name);
  if (v === undefined) return dflt;
  if (!/^-?\d+$/.test(v)) throw new UsageError(`--${name} needs a whole number, got '${v}'`);
  const n = Number(v);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}
