// Run with Profile to the first decorations without code-server (docs/BENCHMARKS.md part E):
// the built language server (dist/server.js, `npm run build` first) driven over stdio as the
// client drives it: initialize, didOpen of examples/hotspots' Hotspots.java copied into a fresh
// folder, a wait (the server prepares the engine and compiles the file ahead), then
// komorium/startRun, REPS times. Prints each notification that matters with the milliseconds
// since the request, and the first hotness notification with lines (the decorations). With
// KOMORIUM_TRACE_RUN=1 the server's and the engine's steps come as log lines.
//
//   KOMORIUM_TRACE_RUN=1 node --import tsx bench/first-decorations.ts [ENGINE [INSTRUMENT [REPS [WAIT_MS]]]]
//     ENGINE: jvm | interpreter | auto (default jvm); INSTRUMENT: auto | all | app (default auto)
//   KOMORIUM_BENCH_STOP_AT_FIRST=1: Stop each run once its first decorations are there (the
//   rest of a long run on the embedded engine measures nothing here).

import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRefreshRequest, ConfigurationRequest, createProtocolConnection, NotificationType, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import * as P from '../server/src/lsp/protocol';

const REPO = join(import.meta.dirname, '..');
const [engine = 'jvm', instrument = 'auto', repsArg = '1', waitArg = '5000'] = process.argv.slice(2);
const ws = mkdtempSync(join(tmpdir(), 'komorium-first-'));
const file = join(ws, 'Hotspots.java');
cpSync(join(REPO, 'examples', 'hotspots', 'Hotspots.java'), file);
const uri = pathToFileURL(file).href;

const server = spawn(process.execPath, [join(REPO, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const c = createProtocolConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
let t0 = performance.now();
const at = (what: string): void => console.log(`${(performance.now() - t0).toFixed(0).padStart(7)} ms  ${what}`);
let decorated = false;
let ended: () => void = () => {};
c.onRequest(ConfigurationRequest.type, () => [{ engine, instrument, args: ['100000'] }]);
c.onRequest(CodeLensRefreshRequest.type, () => undefined);
c.onNotification(new NotificationType<P.OutputParams>(P.OutputNotification), (p) => {
  for (const l of p.text.trimEnd().split('\n')) at(`${p.stream}: ${l.slice(0, 160)}`);
});
let lastSamples = -1;
c.onNotification(new NotificationType<P.ProgressParams>(P.ProgressNotification), (p) => {
  if (!decorated && p.snapshot && p.samples !== lastSamples) at(`live snapshot shown: ${p.samples} samples`);
  lastSamples = p.samples;
});
c.onNotification(new NotificationType<P.DocumentHotness>(P.HotnessNotification), (h) => {
  if (decorated || h.lines.length === 0) return;
  decorated = true;
  at(`first decorations (hotness of ${h.lines.length} lines, live ${h.live})`);
  if (process.env.KOMORIUM_BENCH_STOP_AT_FIRST === '1') void c.sendRequest(P.CancelRunRequest, {});
});
c.onNotification(new NotificationType<P.RunEndedParams>(P.RunEndedNotification), (p) => {
  at(`run ended: exit ${p.exitCode}${p.error ? `, ${p.error}` : ''}`);
  ended();
});
c.listen();

await c.sendRequest('initialize', {
  processId: process.pid,
  rootUri: pathToFileURL(ws).href,
  workspaceFolders: [{ uri: pathToFileURL(ws).href, name: 'ws' }],
  capabilities: { workspace: { configuration: true, codeLens: { refreshSupport: true } } },
  initializationOptions: { profilesDir: join(ws, 'profiles') },
});
await c.sendNotification('initialized', {});
await c.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'java', version: 1, text: readFileSync(file, 'utf8') } });
await new Promise((r) => setTimeout(r, Number(waitArg)));
for (let i = 0; i < Number(repsArg); i++) {
  decorated = false;
  const done = new Promise<void>((r) => (ended = r));
  t0 = performance.now();
  const r = await c.sendRequest<P.StartRunResult>(P.StartRunRequest, { uri } satisfies P.StartRunParams);
  at(`startRun answered: ${r.engine} engine`);
  await done;
  await new Promise((r) => setTimeout(r, 1500));
  console.log('---');
}
server.kill();
rmSync(ws, { recursive: true, force: true });
process.exit(0);
