// Both sides of a diff read at once (komorium diff): each from the side cache when its text has
// an entry (diff-side-cache.ts), else parsed and collected; when neither is cached, the base is
// collected in a worker thread (diff-side-worker.ts) while this thread collects the new one, so
// that two profiles never read before take about one side's time on two cores (only when a
// core is likely idle: on a busy machine the worker's start is all it adds). The result, its
// errors and the cache's entries are those of loadDiffInput on each path in turn: any failure
// in the parallel path (an unreadable or invalid file, a worker that cannot start) is reported
// by doing it again in turn. The worker is started as soon as it is likely needed (a worker
// waiting for its job, engine/worker-thread.ts prepareJob: at once with --no-cache, else once
// the base is not in the cache), so that it loads its code while this thread reads and hashes
// the files, and is terminated unused when the new profile turns out to be cached; it is given
// the base's cache key rather than hashing the text again.

import { availableParallelism, loadavg } from 'node:os';
import { discardPreparedJob, jobUrl, prepareJob, runJob } from '../engine/worker-thread';
import { readProfileText } from './load';
import { collected, diffInputOfText, loadDiffInput, readCollected, sideCacheDir, sideCacheKey, writeCollected, type SideCacheOptions } from './diff-side-cache';
import { collectLocal, isCollected, type CollectedProfile, type DiffInput } from './diff-side';
import { parseFlatProfile } from './load';

export interface SideJob {
  text: string;
  source: string;
  opts: SideCacheOptions;
  /** The text's key in the side cache (sideCacheKey), when the cache is written. */
  key?: string;
}

/** The worker's job: the collected side of a profile's text (stored in the cache), or null when it has none (a method listed twice). */
export function sideJob(job: SideJob): CollectedProfile | null {
  const flat = parseFlatProfile(job.text, job.source, job.opts);
  const side = collectLocal(flat);
  if (side === null) return null;
  const p = collected(flat, side);
  if (job.opts.cache !== false) writeCollected(job.key ?? sideCacheKey(job.text, job.opts), p, job.opts.dir ?? sideCacheDir());
  return p;
}

/** The buffers of a collected side's typed arrays (each once), to transfer. */
export function sideTransfer(p: CollectedProfile | null): ArrayBuffer[] {
  if (p === null) return [];
  const out = new Set<ArrayBuffer>();
  for (const group of [p.side.methods, p.side.lines, p.side.contexts]) {
    if (group === null) continue;
    for (const v of Object.values(group)) if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
  }
  return [...out];
}

/** Whether a core is likely idle (load average below the cores less one half): else a second thread only adds its start. */
function coreToSpare(): boolean {
  return loadavg()[0]! < availableParallelism() - 0.5;
}

/**
 * loadDiffInput of both files, the base's side collected in a worker when neither is cached
 * and `parallel` (default: when a core is likely idle, by the load average).
 */
export async function loadDiffInputs(basePath: string, newPath: string, opts: SideCacheOptions & { parallel?: boolean } = {}): Promise<[DiffInput, DiffInput]> {
  const inTurn = (): [DiffInput, DiffInput] => [loadDiffInput(basePath, opts), loadDiffInput(newPath, opts)];
  // the worker started as soon as it is likely needed, so that it loads its code while the
  // files are read and hashed: at once without the cache, else once the base is not in it
  // (terminated unused when the new profile is)
  const url = jobUrl(import.meta.url, 'diff-side-worker');
  const parallel = opts.parallel ?? coreToSpare();
  const useCache = opts.cache !== false;
  if (parallel && !useCache) prepareJob(url);
  const inThisThread = <T>(f: () => T): T => {
    discardPreparedJob(url);
    return f();
  };
  let baseText: string;
  let newText: string;
  try {
    baseText = readProfileText(basePath, opts);
    newText = readProfileText(newPath, opts);
  } catch {
    return inThisThread(inTurn);
  }
  const dir = opts.dir ?? sideCacheDir();
  const baseKey = useCache ? sideCacheKey(baseText, opts) : undefined;
  const baseHit = baseKey !== undefined ? readCollected(baseKey, dir) : undefined;
  if (baseHit !== undefined) return inThisThread((): [DiffInput, DiffInput] => [baseHit, diffInputOfText(newText, newPath, opts)]);
  if (parallel) prepareJob(url);
  const newHit = useCache ? readCollected(sideCacheKey(newText, opts), dir) : undefined;
  if (newHit !== undefined) return inThisThread((): [DiffInput, DiffInput] => [diffInputOfText(baseText, basePath, opts), newHit]);
  if (!parallel) return [diffInputOfText(baseText, basePath, opts), diffInputOfText(newText, newPath, opts)];
  const { parallel: _, ...sideOpts } = opts;
  const job: SideJob = { text: baseText, source: basePath, opts: { ...sideOpts, dir }, ...(baseKey !== undefined ? { key: baseKey } : {}) };
  let handle: ReturnType<typeof runJob<CollectedProfile | null>>;
  try {
    handle = runJob<CollectedProfile | null>(url, job);
  } catch {
    return inThisThread(inTurn);
  }
  let next: DiffInput;
  try {
    next = diffInputOfText(newText, newPath, opts);
  } catch {
    handle.terminate();
    await handle.result.catch(() => undefined);
    return inTurn();
  }
  try {
    const base = await handle.result;
    if (base !== null && isCollected(base)) return [base, next];
  } catch {
    // the base's error, as loadDiffInput reports it
  }
  return [diffInputOfText(baseText, basePath, opts), next];
}
