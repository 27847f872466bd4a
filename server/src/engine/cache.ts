// Where Komorium keeps its caches: $KOMORIUM_CACHE, else $XDG_CACHE_HOME/komorium, else
// ~/.cache/komorium (a temp directory when there is no home).

import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export function cacheRoot(): string {
  if (process.env.KOMORIUM_CACHE) return process.env.KOMORIUM_CACHE;
  if (process.env.XDG_CACHE_HOME) return join(process.env.XDG_CACHE_HOME, 'komorium');
  const home = homedir();
  return home ? join(home, '.cache', 'komorium') : join(tmpdir(), 'komorium-cache');
}
