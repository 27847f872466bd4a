// Where Komorium keeps its caches: $KOMORIUM_CACHE, else $XDG_CACHE_HOME/komorium, else
// ~/.cache/komorium (a temp directory when there is no home).

import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export function cacheRoot(): string {
  if (process.env.KOMORIUM_CACHE) return process.env.KOMORIUM_CACHE;
  if (process.env.XDG_CACHE_HOME) return join(process.env.XDG_CACHE_HOME, 'komorium');
  const home = homedir();
  return home ? join(home, '.cache', 'komorium') : join(tmpdir(), 'komorium-cache');
}

/**
 * `cacheRoot()` when it can be written, else a directory under the system's temp directory,
 * with one line through `log` saying why. Throws an Error naming both when neither can be.
 */
export function writableCacheRoot(log?: (line: string) => void): string {
  const root = cacheRoot();
  const first = probeWritable(root);
  if (first === undefined) return root;
  const fallback = fallbackCacheRoot();
  const second = probeWritable(fallback);
  if (second !== undefined) throw new Error(`no writable cache: ${root} (${first}), ${fallback} (${second}); set KOMORIUM_CACHE to a writable directory`);
  log?.(`komorium: the cache ${root} cannot be written (${first}); using ${fallback}`);
  return fallback;
}

/** The cache used when `cacheRoot()` cannot be written: one per user under the system's temp directory. */
export function fallbackCacheRoot(): string {
  let user = 'user';
  try {
    user = userInfo().username;
  } catch {
    // no user name
  }
  return join(tmpdir(), `komorium-${user}`, 'cache');
}

/** undefined when `dir` can be created and written, else the reason. */
function probeWritable(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.probe-${process.pid}-${randomBytes(4).toString('hex')}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
