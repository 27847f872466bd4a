// The server's current profile: the raw JSON (for the flame graph), the validated model and
// its index (for hotness, lenses and hovers), and whether it is a live snapshot.

import { profileFromJson } from '../profile/load';
import type { Profile } from '../profile/schema';
import { indexProfile, type ProfileIndex } from './hotness';
import type { ProfileSummary } from './protocol';

export interface CurrentProfile {
  raw: unknown;
  profile: Profile;
  index: ProfileIndex;
  live: boolean;
  title: string;
  /** The file it was read from (null for live snapshots). */
  path: string | null;
}

/** Validates and indexes a raw profile; throws ProfileFormatError with a clear message. */
export function makeCurrent(raw: unknown, source: string, opts: { live: boolean; title?: string; path: string | null }): CurrentProfile {
  const profile = profileFromJson(raw as Parameters<typeof profileFromJson>[0], source);
  const index = indexProfile(profile);
  return { raw, profile, index, live: opts.live, title: opts.title ?? profile.meta.program, path: opts.path };
}

export function summaryOf(c: CurrentProfile): ProfileSummary {
  return {
    program: c.profile.meta.program,
    engine: c.profile.meta.engine,
    samples: c.index.samples,
    bytecodes: c.index.bytecodes,
    threads: c.profile.threads.length,
    methods: c.profile.methods.length,
    path: c.path,
  };
}
