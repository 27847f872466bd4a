// The language server's Profile Test and Compare with Baseline… over an in-process LSP
// connection: lenses on a plain folder's JUnit 5 test (no profile needed), a Profile Test run
// on HotSpot (the file compiled with javac against Debian's JUnit jar, the launcher under
// Komorium, the profile marked as a test profile), then the differential view against a
// saved baseline: the diff payload on the profile notification, deltas on lenses and lines.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigurationRequest, createConnection, createProtocolConnection, NotificationType, ProposedFeatures, type CodeLens } from 'vscode-languageserver/node';
import '../../server/src/engine/engines';
import { startServer } from '../../server/src/lsp/server';
import * as P from '../../server/src/lsp/protocol';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { findJUnitJar } from '../../server/src/engine/junit';
import { tempDir } from '../helpers/java';

const ws = tempDir('lsp-junit');
const SOURCE = readFileSync(join(import.meta.dirname, '..', 'java', 'junit', 'src', 'junitdemo', 'SumTest.java'), 'utf8');
const file = join(ws, 'junitdemo', 'SumTest.java');
mkdirSync(join(ws, 'junitdemo'), { recursive: true });
writeFileSync(file, SOURCE);
const uri = pathToFileURL(file).href;

const toServer = new PassThrough();
const toClient = new PassThrough();
startServer(createConnection(ProposedFeatures.all, toServer, toClient));
const client = createProtocolConnection(toClient, toServer);
const profiles: P.ProfileParams[] = [];
const ended: P.RunEndedParams[] = [];
const hotness: P.DocumentHotness[] = [];
client.onNotification(new NotificationType<P.ProfileParams>(P.ProfileNotification), (x: P.ProfileParams) => void profiles.push(x));
client.onNotification(new NotificationType<P.RunEndedParams>(P.RunEndedNotification), (x: P.RunEndedParams) => void ended.push(x));
client.onNotification(new NotificationType<P.DocumentHotness>(P.HotnessNotification), (x: P.DocumentHotness) => void hotness.push(x));
client.onRequest(ConfigurationRequest.type, () => [{ engine: 'jvm', instrument: 'app', granularity: 1000 }]);
client.onRequest('workspace/codeLens/refresh', () => null);
client.listen();
after(() => client.dispose());

async function until<T>(what: string, f: () => T | undefined | false, ms = 600_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const lenses = () => client.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });

test('Profile Test lenses without a profile; a Profile Test run on HotSpot; the profile is a test profile', async () => {
  assert.ok(findJUnitJar(), "Debian's junit5 is needed (or KOMORIUM_JUNIT_JAR)");
  await client.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(ws).href, workspaceFolders: [{ uri: pathToFileURL(ws).href, name: 'ws' }], capabilities: { workspace: { configuration: true, codeLens: { refreshSupport: true } } } });
  await client.sendNotification('initialized', {});
  await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'java', version: 1, text: SOURCE } });
  const ls = await lenses();
  assert.deepEqual(ls.map((l) => [l.command?.title, l.command?.arguments?.[0]?.method ?? null]), [['$(flame) Profile Tests', null], ['$(flame) Profile Test', 'squares'], ['$(flame) Profile Test', 'wrong']]);
  const r = await client.sendRequest<P.StartRunResult>(P.StartRunRequest, { uri, test: ls[1]!.command!.arguments![0] } satisfies P.StartRunParams);
  assert.equal(r.mainClass, 'org.junit.platform.console.ConsoleLauncher');
  assert.equal(r.classpathSource, 'javac');
  const end = await until('the run to end', () => ended.find((e) => e.runId === r.runId));
  assert.equal(end.exitCode, 0, `${end.error ?? ''}\n${end.outputTail}`);
  assert.match(end.outputTail, /1 tests successful/);
  const p = await until('the profile', () => profiles.find((x) => x.summary?.path === end.profilePath));
  const meta = (JSON.parse(p.profile as string) as { meta: { test?: { selectors: string[] }; focus?: unknown } }).meta;
  assert.deepEqual(meta.test?.selectors, ['method:junitdemo.SumTest#squares']);
  assert.ok(meta.focus);
});

test('Compare with Baseline…: the diff payload, and deltas on lenses and line marks', async () => {
  const base = join(ws, 'base.json');
  // a baseline where sumOfSquares did a third of the work
  writeFileSync(
    base,
    JSON.stringify(
      new ProfileBuilder({ program: 'org.junit.platform.console.ConsoleLauncher', granularity: 1000 })
        .sample(['junitdemo.SumTest.squares()V', 'junitdemo.SumTest.sumOfSquares(I)J:18'], { line: 10, count: 800 })
        .toFile(),
    ),
  );
  const res = await client.sendRequest<P.CompareBaselineResult>(P.CompareBaselineRequest, { path: base } satisfies P.CompareBaselineParams);
  assert.equal(res.baseTitle, 'base.json');
  const p = await until('a profile with a diff', () => profiles.find((x) => x.diff));
  assert.ok(p.diff!.all.parent.length > 1);
  assert.ok(p.diff!.focused, 'a test profile also has the folded differential tree');
  const ls = await lenses();
  const sum = ls.find((l) => l.command?.title.includes('samples') && l.range.start.line === 7);
  assert.match(sum?.command?.title ?? '', / · [+−]\d+\.\d% \([+−][\d.]+[kMG]? bytecodes\)$/);
  const h = await until('hotness with deltas', () => hotness.find((x) => x.uri === uri && x.lines.some((l) => l.delta)));
  assert.ok(h.methods.some((m) => m.name === 'sumOfSquares' && m.delta));
  await client.sendRequest(P.CompareBaselineRequest, { path: null });
  assert.equal(profiles.at(-1)?.diff, undefined);
});
