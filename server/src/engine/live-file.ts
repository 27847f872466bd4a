// Live snapshots written by the runtime (komorium.live, docs/RUNTIME.md): the engines poll the
// file and pass new snapshots on (RunOptions.onSnapshot) with the totals for progress.

import { readFileSync, statSync } from 'node:fs';

export interface LiveState {
  file: string;
  mtimeMs: number;
  size: number;
}

/** Reads the live snapshot file if it changed since the last read; undefined otherwise. */
export function readLive(s: LiveState): unknown {
  let st;
  try {
    st = statSync(s.file);
  } catch {
    return undefined;
  }
  if (st.mtimeMs === s.mtimeMs && st.size === s.size) return undefined;
  try {
    const json: unknown = JSON.parse(readFileSync(s.file, 'utf8'));
    s.mtimeMs = st.mtimeMs;
    s.size = st.size;
    return json;
  } catch {
    return undefined; // replaced while reading: the next poll gets it
  }
}

export function totalsOf(json: unknown): { bytecodes: number; samples: number } {
  const meta = (json as { meta?: { totalBytecodes?: unknown; totalSamples?: unknown } }).meta;
  return {
    bytecodes: typeof meta?.totalBytecodes === 'number' ? meta.totalBytecodes : 0,
    samples: typeof meta?.totalSamples === 'number' ? meta.totalSamples : 0,
  };
}

/** How often the engines look at the live snapshot file (ms): a stat, and a read when it changed. */
export const LIVE_POLL_MS = 100;

/**
 * Until the first snapshot the file is looked at this often (ms): the first decorations wait
 * for it (BENCHMARKS.md part E), and a stat of a missing file costs next to nothing.
 */
export const LIVE_FIRST_POLL_MS = 20;

/**
 * Calls `poll` every LIVE_FIRST_POLL_MS until `gotFirst()` (the first snapshot read), then every
 * LIVE_POLL_MS. Returns the function that stops it.
 */
export function startLivePolling(poll: () => void, gotFirst: () => boolean): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout;
  const tick = (): void => {
    poll();
    if (!stopped) timer = setTimeout(tick, gotFirst() ? LIVE_POLL_MS : LIVE_FIRST_POLL_MS);
  };
  timer = setTimeout(tick, LIVE_FIRST_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
