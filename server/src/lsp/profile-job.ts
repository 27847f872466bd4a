// The language server's profile work, run in a worker thread (profile-worker.ts) so that the
// server keeps answering while a large profile is read, validated and indexed, or exported:
//   load:   read (file size checked first), parse, validate within the limits, index;
//           returns the JSON text (for the flame graph), the plain-data index and the flat
//           form (flat.ts: typed columns, kept by the server for Compare with Baseline…);
//   export: the profile (text or parsed value) to a file, streamed;
//   diff:   the differential view against a baseline file: the open profile's flat form
//           when the server has it (else its text or parsed value is read again).

import { writeFileSync } from 'node:fs';
import { exportChunks, exportProfile } from '../profile/export';
import { DEFAULT_PROFILE_LIMITS, type ProfileLimits } from '../profile/limits';
import { flatProfileFromJson, objectModel, parseFlatProfile, parseProfile, profileFromJson, readProfileText } from '../profile/load';
import type { FlatProfile } from '../profile/flat';
import { writeBytesToFile, writeChunksToFileSync } from '../profile/stream';
import { indexProfile, type ProfileIndex } from './hotness';
import { diffTree, diffViewFlat, folded, type DiffView } from '../profile/diff-view';
import { basename } from 'node:path';

export type ProfileJob =
  | { kind: 'load'; path: string; limits?: Partial<ProfileLimits> }
  | { kind: 'export'; source: string; text?: string; raw?: unknown; format: string; path: string; limits?: Partial<ProfileLimits> }
  | { kind: 'diff'; basePath: string; source: string; flat?: FlatProfile; text?: string; raw?: unknown; limits?: Partial<ProfileLimits> };

export interface LoadedProfile {
  text: string;
  index: ProfileIndex;
  /** The validated profile's flat form (what the diff job needs of it). */
  flat: FlatProfile;
}

export type ProfileJobResult = LoadedProfile | DiffView | null;

export function profileJob(job: Extract<ProfileJob, { kind: 'load' }>): LoadedProfile;
export function profileJob(job: ProfileJob): ProfileJobResult;
export function profileJob(job: ProfileJob): ProfileJobResult {
  const limits = job.limits ?? DEFAULT_PROFILE_LIMITS;
  if (job.kind === 'load') {
    const text = readProfileText(job.path, { limits });
    const flat = parseFlatProfile(text, job.path, { limits });
    return { text, index: indexProfile(objectModel(flat)), flat };
  }
  if (job.kind === 'diff') {
    // the flat forms (no object per node); the object model only for a test profile's folded view
    const base = parseFlatProfile(readProfileText(job.basePath, { limits }), job.basePath, { limits });
    const next = job.flat ?? (job.text !== undefined ? parseFlatProfile(job.text, job.source, { limits }) : flatProfileFromJson(job.raw, job.source, { limits }));
    const focused = () => diffTree(folded(objectModel(base)), folded(objectModel(next)));
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
