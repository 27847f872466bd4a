// komorium cache [list | prune [--unused-days N] [--dry-run] | clear]

import { registerCommand } from '../cli';
import { flag, parseArgs, UsageError } from '../args';
import { cacheRoot } from '../../engine/cache';
import { CACHE_KINDS, auxiliaryOf, formatBytes, listCache, pruneCache, type CacheEntry } from '../../engine/cache-prune';

const DEFAULT_DAYS = 7;

const USAGE = `usage: komorium cache [list | prune [--unused-days N] [--dry-run] | clear [--dry-run]]

The cache (${'$'}KOMORIUM_CACHE, else ${'$'}XDG_CACHE_HOME/komorium, else ~/.cache/komorium) keeps the
instrumented JDK copies, transformed classes, boot snapshots and compiled sources, per JDK,
Komorium version and options. Everything in it is rebuilt when missing.
  list              the size and last use of each kind of entry (the default)
  prune             remove the entries unused for N days (default ${DEFAULT_DAYS})
  clear             remove every entry
  --dry-run         only list what prune or clear would remove
Run prune and clear while no profile runs: a run may be using an entry.
A new instrumented JDK copy removes the copies unused for ${DEFAULT_DAYS} days by itself.`;

registerCommand({
  name: 'cache',
  summary: 'show the cache’s size, remove entries unused for a while',
  usage: USAGE,
  async run(argv) {
    const args = parseArgs(argv, { 'unused-days': { value: true }, 'dry-run': {} });
    const [action = 'list', extra] = args.positional;
    if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
    const root = cacheRoot();
    const out = (s: string): void => {
      process.stdout.write(`${s}\n`);
    };
    if (action === 'list') {
      if (args.flags.size > 0) throw new UsageError('list takes no options');
      printList(root, listCache(root), out);
      return 0;
    }
    if (action !== 'prune' && action !== 'clear') throw new UsageError(`unknown action '${action}' (list, prune or clear)`);
    const daysText = flag(args, 'unused-days');
    if (action === 'clear' && daysText !== undefined) throw new UsageError('clear removes every entry; use prune --unused-days N');
    let days = action === 'clear' ? 0 : DEFAULT_DAYS;
    if (daysText !== undefined) {
      if (!/^\d+(\.\d+)?$/.test(daysText)) throw new UsageError(`--unused-days needs a number of days, got '${daysText}'`);
      days = Number(daysText);
    }
    const dryRun = args.flags.has('dry-run');
    const r = pruneCache(root, { unusedDays: days, dryRun });
    for (const e of r.removed) out(`${dryRun ? 'would remove' : 'removed'} ${e.path} (${formatBytes(e.bytes)})`);
    for (const f of r.failed) process.stderr.write(`komorium cache: could not remove ${f.entry.path}: ${f.error}\n`);
    const what = days > 0 ? `unused for ${days} days` : 'in the cache';
    out(`${dryRun ? 'would remove' : 'removed'} ${r.removed.length} ${r.removed.length === 1 ? 'entry' : 'entries'} ${what} from ${root}: ${formatBytes(r.bytes)}`);
    return r.failed.length > 0 ? 1 : 0;
  },
});

function printList(root: string, entries: readonly CacheEntry[], out: (s: string) => void): void {
  out(`cache: ${root}`);
  const now = Date.now();
  let total = 0;
  const rows: string[][] = [['kind', 'entries', 'size', 'last used', '']];
  for (const k of CACHE_KINDS) {
    const es = entries.filter((e) => e.kind === k.kind);
    if (es.length === 0) continue;
    const bytes = es.reduce((a, e) => a + e.bytes, 0);
    total += bytes;
    const last = Math.max(...es.map((e) => e.lastUsed));
    // Locks, builds in progress (or left by a killed one) and failure marks are not entries:
    // they are counted apart, their bytes in the size.
    const aux = { lock: 0, partial: 0, failed: 0 };
    for (const e of es) {
      const a = auxiliaryOf(e.path);
      if (a !== undefined) aux[a]++;
    }
    const notes = [
      aux.lock > 0 ? `${aux.lock} being built` : '',
      aux.partial > 0 ? `${aux.partial} partial` : '',
      aux.failed > 0 ? `${aux.failed} failed` : '',
    ].filter((x) => x !== '');
    const what = notes.length > 0 ? `${k.what} (${notes.join(', ')})` : k.what;
    rows.push([k.kind, String(es.length - aux.lock - aux.partial - aux.failed), formatBytes(bytes), age(now - last), what]);
  }
  if (rows.length === 1) {
    out('empty');
    return;
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) out(r.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd());
  out(`total ${formatBytes(total)}`);
}

function age(ms: number): string {
  if (ms < 60_000) return 'just now';
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min ago`;
  if (ms < 86_400_000) return `${Math.round(ms / 3_600_000)} h ago`;
  return `${Math.round(ms / 86_400_000)} days ago`;
}
