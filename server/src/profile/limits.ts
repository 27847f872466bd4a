// Limits on the profiles the language server accepts (a profile is loaded in a worker thread,
// but its digest, the flame graph's copy and the exports still cost memory per node). The
// library's loader applies them only when asked (`loadProfile(path, {limits})`); the CLI does not.

import { ProfileFormatError } from './schema';
import { group } from './group';

export { group } from './group';

export interface ProfileLimits {
  /** Largest profile file, in bytes. */
  maxFileBytes: number;
  /** Most calling-context nodes, summed over all threads. */
  maxNodes: number;
  /** Deepest calling context (frames from the thread's root; the root is depth 0). */
  maxDepth: number;
}

export const DEFAULT_PROFILE_LIMITS: Readonly<ProfileLimits> = {
  maxFileBytes: 256 * 1024 * 1024,
  maxNodes: 4_000_000,
  maxDepth: 1_000_000,
};

/** A profile over one of the limits; `limit` names it (`maxNodes`, ...). */
export class ProfileLimitError extends ProfileFormatError {
  override readonly name = 'ProfileLimitError';
  constructor(
    source: string,
    path: string,
    readonly limit: keyof ProfileLimits,
    readonly max: number,
    readonly found: number,
    what: string,
  ) {
    super(source, path, `${what}: ${group(found)} is over the limit of ${group(max)} (${limit}); the language server does not load profiles this large`);
  }
}

