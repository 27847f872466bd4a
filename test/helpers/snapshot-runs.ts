// Shared by the boot-snapshot tests (interp-snapshot, interp-snapshot-main).

import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { cacheRoot } from '../../server/src/engine/cache';
import { tempDir } from './java';

/**
 * A cache of its own for the snapshots, sharing the user cache's transformed classes, profiler
 * runtime and the instrumented JDK copy with its archive's trial results, which an embedded run
 * with `--instrument all` builds when missing (engine/interp-archived.ts; building those is not
 * what is tested, and takes long).
 */
export function snapshotCache(tag: string): string {
  const dir = tempDir(tag);
  const root = cacheRoot();
  for (const d of ['interp-classes', 'runtime', 'jdk-images', 'archived-hashes']) {
    mkdirSync(join(root, d), { recursive: true });
    symlinkSync(join(root, d), join(dir, d));
  }
  return dir;
}

/**
 * A profile file's text without its wall-clock times (meta.startTime and meta.endTime), for
 * comparing the profiles of two runs byte for byte; null when the file is missing or unreadable.
 */
export function profileWithoutTimes(file: string): string | null {
  try {
    const p = JSON.parse(readFileSync(file, 'utf8')) as { meta: Record<string, unknown> };
    delete p.meta.startTime;
    delete p.meta.endTime;
    return JSON.stringify(p);
  } catch {
    return null;
  }
}
