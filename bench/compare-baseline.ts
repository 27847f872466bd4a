// Compare with Baseline… to the first differential frame, without code-server (docs/BENCHMARKS.md
// part D): the built language server (dist/server.js, `npm run build` first) driven over stdio as
// the client drives it: initialize, komorium/loadProfile of NEW, a wait (the server may collect
// the opened profile's side in the background), then REPS times komorium/compareBaseline with
// BASE (each after clearing the baseline; komorium/prepareCompare sent after loading, as the
// client sends it when Compare with Baseline… opens). Per rep: the milliseconds from the request to the
// profile notification with the diff (received and parsed here, as the client receives it), and
// to the webview's part done (asDiff, matchDiff, shades on the tree of the profile already shown:
// what the webview does before it paints); the server's CPU time over the rep (all its threads,
// /proc) and this process's for the webview's part.
//
//   node --import tsx bench/compare-baseline.ts BASE.json NEW.json [REPS [WAIT_MS]]
//   (profiles: BENCH_DUMP=/tmp/p node --import tsx bench/diff.ts --only none --reps 1)

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRefreshRequest, ConfigurationRequest, createProtocolConnection, NotificationType, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import * as P from '../server/src/lsp/protocol';
import { readProfile } from '../webview/model/profile';
import { buildTree } from '../webview/model/tree';
import { asDiff, matchDiff, shades } from '../webview/model/diff';

const REPO = join(import.meta.dirname, '..');
const [basePath, newPath, repsArg = '3', waitArg = '3000'] = process.argv.slice(2);
if (!basePath || !newPath) throw new Error('usage: compare-baseline.ts BASE.json NEW.json [REPS [WAIT_MS]]');
const ws = mkdtempSync(join(tmpdir(), 'komorium-compare-'));
// BENCH_SERVER=path: another build's server.js (to compare)
const server = spawn(process.execPath, [process.env.BENCH_SERVER ?? join(REPO, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const c = createProtocolConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
c.onRequest(ConfigurationRequest.type, () => [{}]);
c.onRequest(CodeLensRefreshRequest.type, () => undefined);
let onDiff: ((p: P.ProfileParams) => void) | null = null;
c.onNotification(new NotificationType<P.ProfileParams>(P.ProfileNotification), (p) => {
  if (p.diff && onDiff) onDiff(p);
});
c.listen();

const tick = Number(process.env.CLK_TCK ?? 100);
function serverCpuMs(): number {
  const f = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
  const parts = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return ((Number(parts[11]) + Number(parts[12])) * 1000) / tick;
}
const ownCpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

await c.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(ws).href, workspaceFolders: [{ uri: pathToFileURL(ws).href, name: 'ws' }], capabilities: { workspace: { configuration: true, codeLens: { refreshSupport: true } } }, initializationOptions: { profilesDir: join(ws, 'profiles') } });
await c.sendNotification('initialized', {});
await c.sendRequest(P.LoadProfileRequest, { path: newPath } satisfies P.LoadProfileParams);
// Compare with Baseline… opened: the client tells the server before the file dialog (BENCH_NO_PREPARE=1: not)
if (!process.env.BENCH_NO_PREPARE) await c.sendNotification(P.PrepareCompareNotification);
// the webview's state once the profile is shown: parsed, its tree built
const shown = readProfile(readFileSync(newPath, 'utf8'));
const tree = buildTree(shown);
await new Promise((r) => setTimeout(r, Number(waitArg)));
for (let i = 0; i < Number(repsArg); i++) {
  await c.sendRequest(P.CompareBaselineRequest, { path: null } satisfies P.CompareBaselineParams);
  await new Promise((r) => setTimeout(r, 300));
  const cpu0 = serverCpuMs();
  const t0 = performance.now();
  let received = 0;
  let webviewCpu = 0;
  const drawn = new Promise<number>((resolve) => {
    onDiff = (p) => {
      onDiff = null;
      received = performance.now() - t0;
      const w0 = ownCpuMs();
      const d = asDiff(p.diff)!;
      shades(tree, matchDiff(shown, tree, d.all, d.baseBytecodes, d.newBytecodes));
      webviewCpu = ownCpuMs() - w0;
      resolve(performance.now() - t0);
    };
  });
  await c.sendRequest(P.CompareBaselineRequest, { path: basePath } satisfies P.CompareBaselineParams);
  const frame = await drawn;
  const cpu = serverCpuMs() - cpu0;
  console.log(`compare ${i + 1}: diff received ${received.toFixed(0)} ms, webview's part done ${frame.toFixed(0)} ms wall; server CPU ${cpu.toFixed(0)} ms, webview's part ${webviewCpu.toFixed(0)} ms CPU; load average ${loadavg()[0]!.toFixed(1)}`);
}
server.kill();
rmSync(ws, { recursive: true, force: true });
process.exit(0);
