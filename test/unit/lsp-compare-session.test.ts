// Compare with Baseline…'s comparison worker (issue 20): a profile worker that stays up
// (worker-thread.ts startSession), holds the open profile's side (the hold job) and runs the
// diffs that follow with only the baseline read; its views are those of a one-shot diff job.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSession } from '../../server/src/engine/worker-thread';
import { heldSide, profileJob, type ProfileJob } from '../../server/src/lsp/profile-job';
import type { DiffView } from '../../server/src/profile/diff-view';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { tempDir } from '../helpers/java';

const ws = tempDir('lsp-compare-session');
process.env.KOMORIUM_CACHE = join(ws, 'cache');
const MAIN = 'app.Main.main([Ljava/lang/String;)V';
const write = (name: string, n: number, extra: number, focus = false): string => {
  const f = join(ws, name);
  const b = new ProfileBuilder({ program: 'app.Main' }).sample([MAIN, 'app.Main.sum(I)I:14'], { line: 9, count: n }).sample([MAIN, 'org.junit.Runner.run()V:5', 'app.Main.mul(I)I:21'], { line: 3, count: extra }).sample([MAIN], { line: 3, count: 2 });
  const file = b.toFile();
  if (focus) file.meta.focus = { hide: ['org.junit.'] };
  writeFileSync(f, JSON.stringify(file));
  return f;
};
const base = write('base.json', 4, 1);
const next = write('next.json', 7, 3);
const nextFocused = write('next-focused.json', 8, 5, true);

const session = startSession(new URL('../../server/src/lsp/profile-worker.ts', import.meta.url));
after(() => session.close());

/** A one-shot diff of `path` against the baseline, given the flat form (what the server sent before the session). */
function oneShot(path: string): DiffView {
  const loaded = profileJob({ kind: 'load', path });
  return profileJob({ kind: 'diff', basePath: base, source: path, flat: loaded.flat }) as DiffView;
}

for (const [what, path] of [['plain', next], ['with a focus', nextFocused]] as const) {
  test(`a held side gives the one-shot diff's view (${what})`, async () => {
    const loaded = profileJob({ kind: 'load', path });
    const expected = oneShot(path);
    // in this thread: the held side is what the diff reads
    assert.equal(profileJob({ kind: 'hold', source: path, sideKey: loaded.sideKey, flat: loaded.flat }), null);
    assert.ok(heldSide(loaded.sideKey) !== undefined);
    assert.equal(heldSide('other'), undefined);
    assert.deepEqual(profileJob({ kind: 'diff', basePath: base, source: path, sideKey: loaded.sideKey }), expected);
    // in the session's worker: the hold, then two diffs sent without the profile (its side held there)
    assert.equal(await session.run<null>({ kind: 'hold', source: path, sideKey: loaded.sideKey, flat: loaded.flat } satisfies ProfileJob), null);
    for (let i = 0; i < 2; i++) assert.deepEqual(await session.run<DiffView>({ kind: 'diff', basePath: base, source: path, sideKey: loaded.sideKey } satisfies ProfileJob), expected);
    assert.ok(session.alive);
  });
}

test("a job's error rejects its run and leaves the session up", async () => {
  await assert.rejects(session.run({ kind: 'diff', basePath: join(ws, 'missing.json'), source: next, sideKey: 'x' } satisfies ProfileJob), /missing\.json/);
  assert.ok(session.alive);
  const loaded = profileJob({ kind: 'load', path: next });
  assert.deepEqual(await session.run<DiffView>({ kind: 'diff', basePath: base, source: next, flat: loaded.flat } satisfies ProfileJob), oneShot(next));
});

test('a closed session rejects its runs', async () => {
  const s = startSession(new URL('../../server/src/lsp/profile-worker.ts', import.meta.url));
  s.close();
  assert.equal(s.alive, false);
  await assert.rejects(s.run({ kind: 'side', path: base } satisfies ProfileJob), /gone/);
});
