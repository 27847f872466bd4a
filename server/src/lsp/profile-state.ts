// The server's current profile: its JSON for the flame graph (the file's text, or the parsed
// value of a live snapshot), its plain-data index (for hotness, lenses and hovers), and
// whether it is a live snapshot. Files are read, validated and indexed in a worker thread
// (profile-job.ts), within DEFAULT_PROFILE_LIMITS; the server never holds the tree.

import { jobUrl, prepareJob, runJob, startSession, type JobSession } from '../engine/worker-thread';
import { DEFAULT_PROFILE_LIMITS, type ProfileLimits } from '../profile/limits';
import { profileFromJson } from '../profile/load';
import { indexProfile, type ProfileIndex } from './hotness';
import type { LoadedProfile, ProfileJob } from './profile-job';
import type { ProfileSummary } from './protocol';
import type { DiffView } from '../profile/diff-view';
import type { FlatProfile } from '../profile/flat';

export interface CurrentProfile {
  /** The JSON text of a loaded file, or the parsed value of a live snapshot. */
  json: string | unknown;
  index: ProfileIndex;
  live: boolean;
  title: string;
  /** The file it was read from (null for live snapshots). */
  path: string | null;
  /** The differential view against the baseline, when one is set. */
  diff?: DiffView;
  /** The flat form of a loaded file (typed columns, flat.ts): Compare with Baseline… then reads only the baseline. */
  flat?: FlatProfile;
  /** A loaded file's key in the side cache (profile/diff-side-cache.ts). */
  sideKey?: string;
}

/** Validates and indexes a raw (parsed) profile on this thread; throws ProfileFormatError with a clear message. */
export function makeCurrent(raw: unknown, source: string, opts: { live: boolean; title?: string; path: string | null; limits?: Partial<ProfileLimits> }): CurrentProfile {
  const profile = profileFromJson(raw as Parameters<typeof profileFromJson>[0], source, { limits: opts.limits ?? DEFAULT_PROFILE_LIMITS });
  const index = indexProfile(profile);
  return { json: raw, index, live: opts.live, title: opts.title ?? profile.meta.program, path: opts.path };
}

/** Reads, validates and indexes a profile file in a worker thread. Rejects with the loader's message (ProfileFormatError, ProfileLimitError). */
export async function loadCurrent(path: string, opts: { title?: string; limits?: Partial<ProfileLimits> } = {}): Promise<CurrentProfile> {
  const job: ProfileJob = { kind: 'load', path, limits: opts.limits ?? DEFAULT_PROFILE_LIMITS };
  const r = await runJob<LoadedProfile>(jobUrl(import.meta.url, 'profile-worker'), job).result;
  return { json: r.text, index: r.index, live: false, title: opts.title ?? r.index.meta.program, path, flat: r.flat, sideKey: r.sideKey };
}

/** Exports the current profile to a file in a worker thread (streamed; `json` writes the profile itself). */
export async function exportCurrent(c: CurrentProfile, format: string, path: string, limits: Partial<ProfileLimits> = DEFAULT_PROFILE_LIMITS): Promise<void> {
  const source = c.path ?? c.title;
  const job: ProfileJob = typeof c.json === 'string' ? { kind: 'export', source, text: c.json, format, path, limits } : { kind: 'export', source, raw: c.json, format, path, limits };
  await runJob<null>(jobUrl(import.meta.url, 'profile-worker'), job).result;
}

export function summaryOf(c: CurrentProfile): ProfileSummary {
  return {
    program: c.index.meta.program,
    engine: c.index.meta.engine,
    scope: c.index.meta.scope,
    samples: c.index.samples,
    bytecodes: c.index.bytecodes,
    threads: c.index.threads,
    methods: c.index.methods.length,
    path: c.path,
  };
}

// Compare with Baseline…: a profile worker that stays up once the user compares (prepareCompare),
// holding the open profile's side (the hold job) with the diff's code warm; a comparison then
// reads only the baseline there.
let session: JobSession | undefined;
/** The side cache key of the side the session's worker holds (its hold job succeeded). */
let heldKey: string | undefined;

/** The open profile's side held, and the diff's code warmed, in the comparison worker (started if needed). Never rejects. */
export function holdForCompare(c: CurrentProfile, limits: Partial<ProfileLimits> = DEFAULT_PROFILE_LIMITS): Promise<void> {
  if (c.sideKey === undefined || c.live || (c.flat === undefined && typeof c.json !== 'string')) return Promise.resolve();
  if (session?.alive && heldKey === c.sideKey) return Promise.resolve();
  if (!session?.alive) {
    try {
      session = startSession(jobUrl(import.meta.url, 'profile-worker'));
    } catch {
      return Promise.resolve();
    }
    heldKey = undefined;
  }
  const s = session;
  const key = c.sideKey;
  const job: ProfileJob = c.flat ? { kind: 'hold', source: c.path ?? c.title, sideKey: key, flat: c.flat, limits } : { kind: 'hold', source: c.path ?? c.title, sideKey: key, text: c.json as string, limits };
  heldKey = undefined;
  return s.run<null>(job).then(
    () => {
      if (session === s) heldKey = key;
    },
    () => undefined,
  );
}

/** Stops the comparison worker (tests; a server shutting down). */
export function closeCompareSession(): void {
  session?.close();
  session = undefined;
  heldKey = undefined;
}

/** The side cache key of the side the comparison worker holds, if it is up (tests). */
export function heldForCompare(): string | undefined {
  return session?.alive === true ? heldKey : undefined;
}

/** The differential view of a profile against a baseline file, computed in a worker thread (the comparison worker when one is up). */
export async function diffCurrent(c: CurrentProfile, basePath: string, limits: Partial<ProfileLimits> = DEFAULT_PROFILE_LIMITS): Promise<DiffView> {
  const source = c.path ?? c.title;
  const key = c.sideKey !== undefined ? { sideKey: c.sideKey } : {};
  const full: ProfileJob = c.flat ? { kind: 'diff', basePath, source, flat: c.flat, limits, ...key } : typeof c.json === 'string' ? { kind: 'diff', basePath, source, text: c.json, limits, ...key } : { kind: 'diff', basePath, source, raw: c.json, limits };
  if (session?.alive) {
    // the worker holds this side: it is not sent again
    const s = session;
    const job: ProfileJob = c.sideKey !== undefined && heldKey === c.sideKey ? { kind: 'diff', basePath, source, sideKey: c.sideKey, limits } : full;
    return s.run<DiffView>(job).catch((e: unknown) => {
      if (s.alive) throw e;
      return runJob<DiffView>(jobUrl(import.meta.url, 'profile-worker'), full).result;
    });
  }
  const url = jobUrl(import.meta.url, 'profile-worker');
  const r = runJob<DiffView>(url, full).result;
  // a worker waiting for the next comparison (a run ending with its baseline set, another baseline)
  const spare = (): void => prepareJob(url);
  r.then(spare, spare);
  return r;
}

/**
 * Puts a profile file's collected side into the side cache in a worker thread, ahead of a
 * diff (Compare with Baseline… then only merges); errors are left to the diff that needs it.
 */
export function prepareSide(path: string, limits: Partial<ProfileLimits> = DEFAULT_PROFILE_LIMITS): Promise<void> {
  const job: ProfileJob = { kind: 'side', path, limits };
  const url = jobUrl(import.meta.url, 'profile-worker');
  const done = (): undefined => {
    // a worker waiting for the diff job (its start and module load not on the comparison's path)
    prepareJob(url);
    return undefined;
  };
  return runJob<null>(url, job).result.then(done, done);
}
