// Both engines on one program of test/java/hotspot-all (`--instrument all`, the java.base copy:
// helpers/hotspot-all.ts), for the hotspot-all-engines and hotspot-all-hashes test files.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runJava } from './java';
import { compareMainThread } from './engines-profile';
import { hotspotNoCollectionArgs } from './hotspot-no-gc';
import { classes, komorium, work } from './hotspot-all';
import { loadProfile } from '../../server/src/profile/load';

const compared = new Map<string, ReturnType<typeof compareMainThread>>();

/** `main` on HotSpot and on the embedded engine (--instrument all, granularity 1, R 0), each
 * printing what java prints; their profiles compared under main and in start-up (once per main). */
export function bothEnginesAtGranularity1(main: string, programArgs: readonly string[] = []): ReturnType<typeof compareMainThread> {
  const done = compared.get(main);
  if (done) return done;
  const expected = runJava(['-cp', classes, main, ...programArgs]);
  const out = (engine: string) => {
    const f = join(work, `${main}-${engine}.json`);
    // HotSpot without a collection during the run, as the embedded engine (hotspot-no-gc.ts).
    const noGc = engine === 'jvm' ? hotspotNoCollectionArgs().map((a) => `-J${a}`) : [];
    const r = komorium(['run', '--engine', engine, '--instrument', 'all', '--granularity', '1', '--random', '0', ...noGc, '-o', f, '-cp', classes, main, ...programArgs]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected.stdout, engine);
    return loadProfile(f);
  };
  const c = compareMainThread(out('jvm'), out('interpreter'), main);
  compared.set(main, c);
  return c;
}

/** What `main` prints on each engine (--instrument all, R 0; granularity 1 unless given). */
export function printedByBoth(main: string, granularity: string | null = '1'): { hotspot: string; embedded: string } {
  const out = (engine: string) => {
    const g = granularity === null ? [] : ['--granularity', granularity, '--random', '0'];
    const r = komorium(['run', '--engine', engine, '--instrument', 'all', ...g, '-o', join(work, `${main}-${engine}.json`), '-cp', classes, main]);
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  return { hotspot: out('jvm'), embedded: out('interpreter') };
}
