// Compare with Baseline…'s side collection (issue 20): opening a profile does not collect its
// side of a diff until the user compares in the session; komorium/prepareCompare (sent when
// Compare with Baseline… opens, before the file is picked) collects the open profile's side in
// the background, and from then on each profile opened gets its side collected ahead.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRefreshRequest, ConfigurationRequest, createConnection, createProtocolConnection, NotificationType, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from '../../server/src/lsp/server';
import * as P from '../../server/src/lsp/protocol';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { sideCacheDir, sideCacheKey } from '../../server/src/profile/diff-side-cache';
import { DEFAULT_PROFILE_LIMITS } from '../../server/src/profile/limits';
import { closeCompareSession, heldForCompare } from '../../server/src/lsp/profile-state';
import { tempDir } from '../helpers/java';

const ws = tempDir('lsp-compare-prepare');
process.env.KOMORIUM_CACHE = join(ws, 'cache');
const MAIN = 'app.Main.main([Ljava/lang/String;)V';
const write = (name: string, n: number): string => {
  const f = join(ws, name);
  writeFileSync(f, JSON.stringify(new ProfileBuilder({ program: 'app.Main' }).sample([MAIN, 'app.Main.sum(I)I:14'], { line: 9, count: n }).sample([MAIN], { line: 3, count: 2 }).toFile()));
  return f;
};
const a = write('a.json', 4);
const b = write('b.json', 7);
const c = write('c.json', 9);
/** The side cache's entries (one per profile text collected). */
const entries = (): number => {
  const walk = (d: string): number => (existsSync(d) ? readdirSync(d, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.entry') ? 1 : 0), 0) : 0);
  return walk(sideCacheDir());
};

const toServer = new PassThrough();
const toClient = new PassThrough();
startServer(createConnection(ProposedFeatures.all, toServer, toClient));
const client = createProtocolConnection(toClient, toServer);
const diffs: P.ProfileParams[] = [];
const all: P.ProfileParams[] = [];
client.onNotification(new NotificationType<P.ProfileParams>(P.ProfileNotification), (x: P.ProfileParams) => {
  all.push(x);
  if (x.diff) diffs.push(x);
});
client.onRequest(ConfigurationRequest.type, () => [{}]);
client.onRequest(CodeLensRefreshRequest.type, () => undefined);
client.listen();
after(() => {
  client.dispose();
  closeCompareSession();
});
const keyOf = (f: string): string => sideCacheKey(readFileSync(f, 'utf8'), { limits: DEFAULT_PROFILE_LIMITS });

async function until(what: string, f: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('a side is collected ahead only once the user compares', async () => {
  await client.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(ws).href, workspaceFolders: [{ uri: pathToFileURL(ws).href, name: 'ws' }], capabilities: {}, initializationOptions: { profilesDir: join(ws, 'profiles') } });
  await client.sendNotification('initialized', {});
  await client.sendRequest(P.LoadProfileRequest, { path: a });
  // opened, never compared: no side collected (a worker would have written it within this wait)
  await new Promise((r) => setTimeout(r, 4000));
  assert.equal(entries(), 0, 'opening a profile collects no side');
  // Compare with Baseline… opened: the open profile's side, in the background
  await client.sendNotification(P.PrepareCompareNotification);
  await until('the open profile side', () => entries() === 1);
  // ... held by the comparison worker, which stays up
  await until('the open profile side held', () => heldForCompare() === keyOf(a));
  const r = await client.sendRequest<P.CompareBaselineResult>(P.CompareBaselineRequest, { path: b });
  assert.deepEqual([r.baseBytecodes, r.newBytecodes], [90_000, 60_000]);
  await until('the differential view', () => diffs.length > 0);
  // the profile shown already: only its diff sent, under the number of the notification that carried it
  const shown = all.find((x) => x.profile === readFileSync(a, 'utf8'))!;
  assert.equal(typeof shown.profileId, 'number');
  assert.equal(diffs[0]!.sameProfile, true);
  assert.equal(diffs[0]!.profile, undefined);
  assert.equal(diffs[0]!.profileId, shown.profileId);
  // ... and whole when asked for (a window without it)
  const whole = await client.sendRequest<P.ProfileParams>(P.CurrentProfileRequest);
  assert.deepEqual([whole.profile, whole.profileId, whole.sameProfile, whole.diff], [shown.profile, shown.profileId, undefined, diffs[0]!.diff]);
  assert.equal(entries(), 2);
  // from now on, each profile opened has its side collected ahead
  await client.sendRequest(P.LoadProfileRequest, { path: c });
  await until('the opened profile side', () => entries() === 3);
  await until('the opened profile side held', () => heldForCompare() === keyOf(c));
  // compared in the worker holding it: the same baselines as a diff of the files
  diffs.length = 0;
  const r2 = await client.sendRequest<P.CompareBaselineResult>(P.CompareBaselineRequest, { path: a });
  assert.deepEqual([r2.baseBytecodes, r2.newBytecodes], [60_000, 110_000]);
  await until('the second differential view', () => diffs.length > 0);
  assert.deepEqual(diffs[0]!.diff!.all.baseTotal, [60_000, 60_000, 40_000]);
  // another profile opened had its text sent, under a new number
  const opened = all.find((x) => x.profile === readFileSync(c, 'utf8'))!;
  assert.notEqual(opened.profileId, shown.profileId);
  assert.deepEqual([diffs[0]!.sameProfile, diffs[0]!.profileId], [true, opened.profileId]);
  // the baseline cleared: the same profile, without a diff, its text not sent again
  all.length = 0;
  await client.sendRequest(P.CompareBaselineRequest, { path: null });
  await until('the view without a diff', () => all.length > 0);
  assert.deepEqual([all[0]!.sameProfile, all[0]!.profile, all[0]!.diff, all[0]!.profileId], [true, undefined, undefined, opened.profileId]);
});
