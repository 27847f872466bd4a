// The language server's profile work, run in a worker thread (profile-worker.ts) so that the
// server keeps answering while a large profile is read, validated and indexed, or exported:
//   load:   read (file size checked first), parse, validate within the limits, index;
//           returns the JSON text (for the flame graph), the plain-data index and the flat
//           form (flat.ts: typed columns, kept by the server for Compare with Baseline…);
//   export: the profile (text or parsed value) to a file, streamed;
//   diff:   the differential view against a baseline file: each side from the side cache
//           (profile/diff-side-cache.ts) when it has the text's entry, else the baseline file
//           and the open profile's flat form (when the server has it; else its text or parsed
//           value) collected, and stored in the cache;
//   side:   a profile file's collected side put into the side cache ahead of a diff (a
//           launch configuration's baseline, the opened profile);
//   hold:   in a worker that stays up (worker-thread.ts startSession: Compare with Baseline…),
//           the open profile's side read (from the side cache, else collected and stored) and
//           kept for the diffs that follow, and the diff's code run once on it (warm code);
//           a diff job whose sideKey is the held one then reads only the baseline.

import { writeFileSync } from 'node:fs';
import { exportChunks, exportProfile } from '../profile/export';
import { DEFAULT_PROFILE_LIMITS, type ProfileLimits } from '../profile/limits';
import { flatProfileFromJson, objectModel, parseFlatProfile, parseProfile, profileFromJson, readProfileText } from '../profile/load';
import type { FlatProfile } from '../profile/flat';
import { writeBytesToFile, writeChunksToFileSync } from '../profile/stream';
import { indexProfile, type ProfileIndex } from './hotness';
import { diffTree, diffViewFlat, folded, viewBuffers, type DiffView } from '../profile/diff-view';
import { basename } from 'node:path';
import { collected, diffInputOfText, loadDiffInput, readCollected, sideCacheKey, writeCollected } from '../profile/diff-side-cache';
import { collectLocal, isCollected, type DiffInput } from '../profile/diff-side';

export type ProfileJob =
  | { kind: 'load'; path: string; limits?: Partial<ProfileLimits> }
  | { kind: 'export'; source: string; text?: string; raw?: unknown; format: string; path: string; limits?: Partial<ProfileLimits> }
  | { kind: 'diff'; basePath: string; source: string; flat?: FlatProfile; text?: string; raw?: unknown; sideKey?: string; limits?: Partial<ProfileLimits> }
  | { kind: 'side'; path: string; limits?: Partial<ProfileLimits> }
  | { kind: 'hold'; source: string; sideKey: string; flat?: FlatProfile; text?: string; limits?: Partial<ProfileLimits> };

/** The open profile's side held by a session's worker (the hold job), by its side cache key. */
let held: { key: string; input: DiffInput; flat?: FlatProfile } | undefined;

/** In a worker holding a side (a session's): the last baseline read, by its side cache key (a baseline compared again is not read from the cache again). */
let lastBase: { key: string; input: DiffInput } | undefined;

function baseInput(text: string, source: string, limits: Partial<ProfileLimits>): DiffInput {
  if (held === undefined) return diffInputOfText(text, source, { limits });
  const key = sideCacheKey(text, { limits });
  if (lastBase?.key === key) return lastBase.input;
  lastBase = undefined;
  const input = diffInputOfText(text, source, { limits });
  lastBase = { key, input };
  return input;
}

/** The held side's input when `key` is the held one (tests: whether a diff used it). */
export function heldSide(key: string | undefined): DiffInput | undefined {
  return key !== undefined && held?.key === key ? held.input : undefined;
}

export interface LoadedProfile {
  text: string;
  index: ProfileIndex;
  /** The validated profile's flat form (what the diff job needs of it). */
  flat: FlatProfile;
  /** Its key in the side cache (diff-side-cache.ts). */
  sideKey: string;
}

export type ProfileJobResult = LoadedProfile | DiffView | null;

/** What the worker moves to the server instead of copying: a differential view's typed arrays. */
export function resultBuffers(r: ProfileJobResult): ArrayBuffer[] {
  return r !== null && 'all' in r ? viewBuffers(r) : [];
}

export function profileJob(job: Extract<ProfileJob, { kind: 'load' }>): LoadedProfile;
export function profileJob(job: ProfileJob): ProfileJobResult;
export function profileJob(job: ProfileJob): ProfileJobResult {
  const limits = job.limits ?? DEFAULT_PROFILE_LIMITS;
  if (job.kind === 'load') {
    const text = readProfileText(job.path, { limits });
    const flat = parseFlatProfile(text, job.path, { limits });
    return { text, index: indexProfile(objectModel(flat)), flat, sideKey: sideCacheKey(text, { limits }) };
  }
  if (job.kind === 'side') {
    loadDiffInput(job.path, { limits });
    return null;
  }
  if (job.kind === 'hold') {
    if (held?.key === job.sideKey) return null;
    held = undefined;
    let flat: FlatProfile | undefined;
    const flatOfJob = (): FlatProfile => (flat ??= job.flat ?? parseFlatProfile(job.text ?? '', job.source, { limits }));
    let input: DiffInput | undefined = readCollected(job.sideKey);
    if (input === undefined) {
      const side = collectLocal(flatOfJob());
      input = side === null ? flatOfJob() : collected(flatOfJob(), side);
      if (side !== null) writeCollected(job.sideKey, input as ReturnType<typeof collected>);
    }
    // a test profile's folded view is built from its flat form: kept too
    held = { key: job.sideKey, input, ...(input.meta.focus ? { flat: flatOfJob() } : {}) };
    // the diff's code warmed on this side against itself (no focused tree: the same code paths as a compare of its whole tree)
    const plain = { ...input, meta: { ...input.meta, focus: undefined } } as DiffInput;
    diffViewFlat(plain, plain, '', () => {
      throw new Error('unreachable');
    });
    return null;
  }
  if (job.kind === 'diff') {
    // each side collected ahead (the side cache) or from the flat form (no object per node);
    // the object model only for a test profile's folded view
    const baseText = readProfileText(job.basePath, { limits });
    const base = baseInput(baseText, job.basePath, limits);
    const nextFlat = (): FlatProfile => job.flat ?? (job.sideKey !== undefined && held?.key === job.sideKey ? held.flat : undefined) ?? (job.text !== undefined ? parseFlatProfile(job.text, job.source, { limits }) : flatProfileFromJson(job.raw, job.source, { limits }));
    let next: DiffInput | undefined = heldSide(job.sideKey) ?? (job.sideKey !== undefined ? readCollected(job.sideKey) : undefined);
    if (next === undefined) {
      const flat = nextFlat();
      const side = job.sideKey !== undefined ? collectLocal(flat) : null;
      next = side === null ? flat : collected(flat, side);
      if (side !== null) writeCollected(job.sideKey!, next as ReturnType<typeof collected>);
    }
    const flatOf = (p: DiffInput, parse: () => FlatProfile): FlatProfile => (isCollected(p) ? parse() : p);
    const focused = () => diffTree(folded(objectModel(flatOf(base, () => parseFlatProfile(baseText, job.basePath, { limits })))), folded(objectModel(flatOf(next, nextFlat))));
    return diffViewFlat(base, next, basename(job.basePath), focused);
  }
  if (job.format === 'json') {
    writeFileSync(job.path, job.text ?? `${JSON.stringify(job.raw)}\n`);
    return null;
  }
  const profile = job.text !== undefined ? parseProfile(job.text, job.source, { limits }) : profileFromJson(job.raw, job.source, { limits });
  if (job.format === 'pprof') writeBytesToFile(job.path, exportProfile(profile, job.format));
  else writeChunksToFileSync(exportChunks(profile, job.format), job.path);
  return null;
}
