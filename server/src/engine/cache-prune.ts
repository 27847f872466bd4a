// What the cache holds, when each entry was last used, and pruning of entries unused for a
// while. The cache (engine/cache.ts) grows with every JDK, transformer version and option set:
// an instrumented JDK copy alone is 230–530 MB, and a new Komorium version builds a new one.
//
// An entry is a top-level child of a kind's directory (a JDK copy, a runtime build, a snapshot
// file), or for the sharded kinds (per-class outputs under two hex digits) a file in a shard.
// Its last use is the newest of its own modification time and that of a `.komorium-used`
// stamp inside it, which `markUsed` writes where a run uses an entry without writing it (a JDK
// copy). Boot snapshots are touched on restore by interp/snapshot and bounded there by count
// (`keepNewest`, as the worker's code caches are), so they count here as files.
//
// Automatic pruning (`pruneUnusedJdkImages`, after a new JDK copy is built) removes only JDK
// copies, whose use every run stamps. `komorium cache prune` removes entries of every kind; a
// profile run that uses an entry while it is removed may fail, so it is for an idle cache.

import { existsSync, lstatSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { processAlive } from '../process-alive';
import { BUILD_LOCK_STALE_MS, readHolder, staleReason } from './build-lock';

export const USED_STAMP = '.komorium-used';

/** How a kind's directory is laid out. */
type Layout = 'dirs' | 'files' | 'sharded';

/** The kinds of entry under the cache root, and their layout (what one entry is). */
export const CACHE_KINDS: readonly { kind: string; layout: Layout; what: string }[] = [
  { kind: 'jdk-images', layout: 'dirs', what: 'instrumented JDK copies (HotSpot, --instrument all)' },
  { kind: 'patch', layout: 'dirs', what: 'java.base patches (HotSpot, --instrument app)' },
  { kind: 'runtime', layout: 'dirs', what: 'compiled Komorium runtimes' },
  { kind: 'run-plans', layout: 'dirs', what: 'prepared HotSpot runs' },
  { kind: 'javac-classes', layout: 'dirs', what: 'classes compiled from the editor’s sources' },
  { kind: 'javac-cds', layout: 'files', what: 'CDS archives for javac' },
  { kind: 'boot-snapshots', layout: 'files', what: 'embedded engine boot snapshots' },
  { kind: 'boot-inits', layout: 'files', what: 'classes java’s boot initialises, per JDK' },
  { kind: 'archived-hashes', layout: 'files', what: 'class hashes of the instrumented JDK copies’ CDS archives' },
  { kind: 'java-images', layout: 'files', what: 'JDK images indexed as the copies, for the embedded engine' },
  { kind: 'interp-classes', layout: 'sharded', what: 'classes transformed for the embedded engine' },
  { kind: 'transformed/classes', layout: 'sharded', what: 'transformed class-path classes' },
  { kind: 'transformed/jars', layout: 'sharded', what: 'transformed jars' },
  { kind: 'diff-sides', layout: 'sharded', what: 'profile sides prepared for diffs' },
  { kind: 'code-cache', layout: 'files', what: 'V8 code caches of the embedded engine’s worker' },
];

export interface CacheEntry {
  kind: string;
  path: string;
  bytes: number;
  /** Milliseconds since the epoch. */
  lastUsed: number;
}

/** Records that a run used `dir` (a directory entry), so that pruning keeps it. Never throws. */
export function markUsed(dir: string): void {
  const stamp = join(dir, USED_STAMP);
  try {
    const now = new Date();
    if (existsSync(stamp)) utimesSync(stamp, now, now);
    else writeFileSync(stamp, '');
  } catch {
    // a read-only cache: the entry's age is then its build time
  }
}

/** Bytes under `path` (files only, links not followed). */
export function sizeOf(path: string): number {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return 0;
  }
  // A hard link into the JDK (a copy's bin/java, libjvm.so) frees nothing when removed.
  if (!st.isDirectory()) return st.isFile() && st.nlink <= 1 ? st.size : 0;
  let total = 0;
  let names: string[];
  try {
    names = readdirSync(path);
  } catch {
    return 0;
  }
  for (const n of names) total += sizeOf(join(path, n));
  return total;
}

function lastUse(path: string): number {
  let t = 0;
  try {
    t = statSync(path).mtimeMs;
  } catch {
    return 0;
  }
  try {
    t = Math.max(t, statSync(join(path, USED_STAMP)).mtimeMs);
  } catch {
    // no stamp
  }
  return t;
}

function children(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => !n.startsWith('.probe-'));
  } catch {
    return [];
  }
}

/**
 * What a cache path is when it is not a finished entry: a build's lock (`<base>.lock`), a build's
 * temporary directory (`<base>.<pid>.<hex>.tmp`: in progress, or left by a killed build), or the
 * mark of a build that failed (`<base>.failed`). `undefined` for an entry.
 */
export function auxiliaryOf(path: string): 'lock' | 'partial' | 'failed' | undefined {
  const n = basename(path);
  if (n.endsWith('.lock')) return 'lock';
  if (n.endsWith('.failed')) return 'failed';
  if (/\.\d+\.[0-9a-f]+\.tmp$/.test(n)) return 'partial';
  return undefined;
}

/** The entries of one kind (none when its directory does not exist). */
export function entriesOf(root: string, kind: string, sizes = true): CacheEntry[] {
  const spec = CACHE_KINDS.find((k) => k.kind === kind);
  if (!spec) throw new Error(`unknown cache kind '${kind}'`);
  const dir = join(root, kind);
  const out: CacheEntry[] = [];
  const add = (path: string): void => {
    out.push({ kind, path, bytes: sizes ? sizeOf(path) : 0, lastUsed: lastUse(path) });
  };
  for (const n of children(dir)) {
    const p = join(dir, n);
    if (spec.layout !== 'sharded') {
      add(p);
      continue;
    }
    let isDir = false;
    try {
      isDir = lstatSync(p).isDirectory();
    } catch {
      continue;
    }
    if (!isDir) add(p);
    else for (const f of children(p)) add(join(p, f));
  }
  return out;
}

/** Every entry of every kind. */
export function listCache(root: string, sizes = true): CacheEntry[] {
  return CACHE_KINDS.flatMap((k) => entriesOf(root, k.kind, sizes));
}

export interface PruneOptions {
  /** Entries unused for at least this many days go (0: every entry). */
  unusedDays: number;
  /** Only these kinds (default: all). */
  kinds?: readonly string[];
  /** List what would go, remove nothing. */
  dryRun?: boolean;
  /** Paths never removed (the entry a run is using). */
  keep?: ReadonlySet<string>;
  now?: number;
}

export interface PruneResult {
  removed: CacheEntry[];
  bytes: number;
  /** Entries that could not be removed, with the reason. */
  failed: { entry: CacheEntry; error: string }[];
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * A build's temporary directory (`<base>.<pid>.<hex>.tmp`) whose process is still running, or
 * the lock of a build that holds (`<base>.lock`, build-lock.ts: not stale).
 */
function buildingNow(path: string): boolean {
  if (path.endsWith('.lock')) {
    const h = readHolder(path);
    return h !== undefined && staleReason(h, BUILD_LOCK_STALE_MS) === undefined;
  }
  const m = /\.(\d+)\.[0-9a-f]+\.tmp$/.exec(basename(path));
  return m !== null && processAlive(Number(m[1]));
}

/** Removes the entries unused for `o.unusedDays` days or more. */
export function pruneCache(root: string, o: PruneOptions): PruneResult {
  const now = o.now ?? Date.now();
  const kinds = o.kinds ?? CACHE_KINDS.map((k) => k.kind);
  const result: PruneResult = { removed: [], bytes: 0, failed: [] };
  for (const kind of kinds) {
    for (const e of entriesOf(root, kind)) {
      if (o.keep?.has(e.path) || buildingNow(e.path)) continue;
      if (o.unusedDays > 0 && now - e.lastUsed < o.unusedDays * DAY_MS) continue;
      if (!o.dryRun) {
        try {
          rmSync(e.path, { recursive: true, force: true });
        } catch (err) {
          result.failed.push({ entry: e, error: (err as Error).message });
          continue;
        }
      }
      result.removed.push(e);
      result.bytes += e.bytes;
    }
  }
  return result;
}

/**
 * Removes all but the `keep` most recently used (modified) files of `dir` ending in `ext`: the
 * caches that bound themselves by count (boot snapshots, the worker's code caches). Never throws.
 */
export function keepNewest(dir: string, ext: string, keep: number): void {
  const files: { p: string; t: number }[] = [];
  for (const n of children(dir)) {
    if (!n.endsWith(ext)) continue;
    const p = join(dir, n);
    try {
      files.push({ p, t: statSync(p).mtimeMs });
    } catch {
      // removed meanwhile
    }
  }
  files.sort((a, b) => b.t - a.t);
  for (const f of files.slice(keep)) rmSync(f.p, { force: true });
}

/** Days a JDK copy may go unused before the build of another one removes it. */
export const JDK_IMAGE_UNUSED_DAYS = 7;

/**
 * After a new JDK copy is built: removes the copies (and their failure marks) unused for
 * JDK_IMAGE_UNUSED_DAYS days, keeping `keep`. Returns the bytes freed. Never throws.
 */
export function pruneUnusedJdkImages(cache: string, keep: string, log?: (line: string) => void): number {
  try {
    const r = pruneCache(cache, { unusedDays: JDK_IMAGE_UNUSED_DAYS, kinds: ['jdk-images'], keep: new Set([keep]) });
    if (r.removed.length > 0) log?.(`komorium: removed ${r.removed.length} instrumented JDK ${r.removed.length === 1 ? 'copy' : 'copies'} unused for ${JDK_IMAGE_UNUSED_DAYS} days (${formatBytes(r.bytes)})`);
    return r.bytes;
  } catch {
    return 0;
  }
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GiB`;
}
