// The original classes of a user class path checked by the verifier before they are
// transformed: the transformer recomputes frames, so a class HotSpot would reject could come
// out valid. A class that fails is left untransformed (java then throws its VerifyError
// itself) and is no program class for its callers (they call its original methods).
//
// Verification depends on the class and on the shapes of the classes it names (the world
// key), so the set of failures is cached under the world and every class's content hash: an
// unchanged class path is not verified again.

import { createHash } from 'node:crypto';
import { readClass } from '../classfile/reader';
import { verifyClass, VERIFY_RAW_ATTRIBUTES } from '../verify/index';
import { classFileEnv, UnknownClass } from '../verify/env';
import { readCacheEntry, writeCacheEntry } from './cache-store';

export interface ClassToVerify {
  name: string;
  sha: string;
  bytes(): Uint8Array;
}

/** The classes that fail verification, with the first line of their error. */
export function unverifiedClasses(classes: readonly ClassToVerify[], bootBytes: (name: string) => Uint8Array | undefined, world: string, cacheDir: string | undefined): Map<string, string> {
  const key = createHash('sha256')
    .update(`verify\0${world}\0`)
    .update(classes.map((c) => `${c.name}=${c.sha}`).join('\n'))
    .digest('hex');
  const cached = cacheDir === undefined ? undefined : readCacheEntry(cacheDir, key);
  if (cached !== undefined) {
    try {
      const m = JSON.parse(cached.meta) as Record<string, string>;
      if (m !== null && typeof m === 'object') return new Map(Object.entries(m));
    } catch {
      // rebuilt below
    }
  }
  const byName = new Map(classes.map((c) => [c.name, c]));
  const env = classFileEnv((n) => bootBytes(n) ?? byName.get(n)?.bytes());
  const failed = new Map<string, string>();
  for (const c of classes) {
    if (c.sha === '') continue;
    try {
      const r = verifyClass(env, readClass(c.bytes(), c.name, { lenientAnnotations: true, rawAttributes: VERIFY_RAW_ATTRIBUTES }));
      if (r !== undefined) failed.set(c.name, `${r.errorClass.replace(/\//g, '.')}: ${r.message.split('\n')[0]}`);
    } catch (e) {
      // A class the verifier cannot judge (one it names is missing, or it does not parse) is
      // left to the transformer and to java.
      if (!(e instanceof UnknownClass) && !(e instanceof Error)) throw e;
    }
  }
  if (cacheDir !== undefined) writeCacheEntry(cacheDir, key, new Uint8Array(0), JSON.stringify(Object.fromEntries(failed)));
  return failed;
}
