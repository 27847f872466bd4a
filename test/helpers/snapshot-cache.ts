// A cache root for a corpus runner whose boot snapshots are its own. The embedded engine keeps
// the 6 most recently used boot snapshots in `<cache>/boot-snapshots` (interp/snapshot/index.ts
// KEEP_SNAPSHOTS), keyed by the engine's code: run from sources (tsx), that is the paths, sizes
// and mtimes of server/src, so every worktree or frozen copy has keys of its own. In a cache
// shared by several worktrees running at once, the others' snapshots pushed a runner's out
// between two of its programs, so each embedded run booted the JDK again (with the JDK
// instrumented on JDK 25, more than the runner's 600 s at load 50: branch j25p). The root made
// here links every other entry of the shared cache (JDK copies, transformed classes, runtime),
// so nothing else is built twice.
import { lstatSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheRoot } from '../../server/src/engine/cache';
import { REPO } from './java';

/** Entries kept apart from the shared cache: the boot snapshots (and their markers). */
const OWN = new Set(['boot-snapshots']);

/**
 * A cache root under the temp directory, one per source tree (REPO) and shared cache, with its
 * own `boot-snapshots` and links to the shared cache's other entries. Returns its path.
 */
export function ownSnapshotCache(shared = cacheRoot()): string {
  const id = createHash('sha256').update(`${REPO}\n${shared}`).digest('hex').slice(0, 16);
  const root = join(tmpdir(), `komorium-runner-cache-${id}`);
  mkdirSync(root, { recursive: true });
  mkdirSync(shared, { recursive: true });
  // Entries the shared cache does not have yet are made there, so runs of other trees see them.
  for (const name of ['jdk-images', 'transformed', 'runtime', 'patch', 'interp-classes', 'archived-hashes', 'boot-inits']) mkdirSync(join(shared, name), { recursive: true });
  for (const name of readdirSync(shared)) {
    if (OWN.has(name)) continue;
    const link = join(root, name);
    try {
      lstatSync(link);
    } catch {
      symlinkSync(join(shared, name), link);
    }
  }
  return root;
}
