// The language server over a real LSP connection (in-process streams): nothing before a
// profile is loaded; loading a profile pushes per-document hotness and gives code lenses and
// hovers; source resolution, export, clear, bad files; main classes; and one real run (javac +
// HotSpot) with its output, progress, profile and run-ended notifications.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRefreshRequest, ConfigurationRequest, createConnection, createProtocolConnection, NotificationType, ProposedFeatures, type CodeLens, type Hover } from 'vscode-languageserver/node';
import '../../server/src/engine/engines';
import { startServer } from '../../server/src/lsp/server';
import * as P from '../../server/src/lsp/protocol';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { tempDir } from '../helpers/java';
import { gunzipSync } from 'node:zlib';
import { Profile as PProfile } from 'pprof-format';

const ws = tempDir('lsp-server');
const SOURCE = [
  'package app;',
  '',
  'public class Main {',
  '    static int sq(int x) {',
  '        return x * x;',
  '    }',
  '    static int sum(int n) {',
  '        int s = 0;',
  '        for (int i = 0; i < n; i++) s += sq(i);',
  '        return s;',
  '    }',
  '    public static void main(String[] args) {',
  '        int t = 0;',
  '        for (int k = 0; k < 2000; k++) t += sum(1000);',
  '        System.out.println("total " + t);',
  '    }',
  '}',
  '',
].join('\n');
const file = join(ws, 'src', 'app', 'Main.java');
mkdirSync(join(ws, 'src', 'app'), { recursive: true });
writeFileSync(file, SOURCE);
const uri = pathToFileURL(file).href;
const profileFile = join(ws, 'saved.json');
writeFileSync(
  profileFile,
  JSON.stringify(
    new ProfileBuilder({ program: 'app.Main' })
      .sample(['app.Main.main([Ljava/lang/String;)V', 'app.Main.sum(I)I:14', 'app.Main.sq(I)I:9'], { line: 5, count: 6 })
      .sample(['app.Main.main([Ljava/lang/String;)V', 'app.Main.sum(I)I:14'], { line: 9, count: 4 })
      .toFile(),
  ),
);

// The server on one end of two pipes, a protocol client on the other.
const toServer = new PassThrough();
const toClient = new PassThrough();
startServer(createConnection(ProposedFeatures.all, toServer, toClient));
const client = createProtocolConnection(toClient, toServer);
const hotness: P.DocumentHotness[] = [];
const profiles: P.ProfileParams[] = [];
const ended: P.RunEndedParams[] = [];
const output: P.OutputParams[] = [];
const progress: P.ProgressParams[] = [];
let lensRefreshes = 0;
/** The order of hotness (`hot` with lines, else `cold`) and profile notifications. */
const order: string[] = [];
client.onNotification(new NotificationType<P.DocumentHotness>(P.HotnessNotification), (x: P.DocumentHotness) => {
  hotness.push(x);
  order.push(x.lines.length > 0 ? 'hot' : 'cold');
});
client.onNotification(new NotificationType<P.ProfileParams>(P.ProfileNotification), (x: P.ProfileParams) => {
  profiles.push(x);
  order.push('profile');
});
client.onNotification(new NotificationType<P.RunEndedParams>(P.RunEndedNotification), (x: P.RunEndedParams) => {
  ended.push(x);
});
client.onNotification(new NotificationType<P.OutputParams>(P.OutputNotification), (x: P.OutputParams) => {
  output.push(x);
});
client.onNotification(new NotificationType<P.ProgressParams>(P.ProgressNotification), (x: P.ProgressParams) => {
  progress.push(x);
});
// The settings: the embedded engine, named (auto picks HotSpot with the JDK instrumented, whose
// first run builds the JDK's instrumented copy).
client.onRequest(ConfigurationRequest.type, () => [{ engine: 'interpreter' }]);
client.onRequest(CodeLensRefreshRequest.type, () => {
  lensRefreshes++;
});
client.listen();
after(() => client.dispose());

async function until<T>(what: string, f: () => T | undefined | false, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const lenses = () => client.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
const hover = (line: number) => client.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character: 10 } });

test('initialize, open a document: no lenses or hovers without a profile', async () => {
  const init = await client.sendRequest<{ capabilities: { codeLensProvider?: unknown; hoverProvider?: unknown } }>('initialize', {
    processId: null,
    rootUri: pathToFileURL(ws).href,
    workspaceFolders: [{ uri: pathToFileURL(ws).href, name: 'ws' }],
    capabilities: { workspace: { configuration: true, codeLens: { refreshSupport: true } } },
    initializationOptions: { profilesDir: join(ws, 'profiles') },
  });
  assert.ok(init.capabilities.codeLensProvider);
  assert.equal(init.capabilities.hoverProvider, true);
  await client.sendNotification('initialized', {});
  await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'java', version: 1, text: SOURCE } });
  assert.deepEqual(await lenses(), []);
  assert.equal(await hover(8), null);
  const mains = await client.sendRequest<P.FindMainClassesResult>(P.FindMainClassesRequest, { uri });
  assert.deepEqual(mains.inFile.map((m) => m.mainClass), ['app.Main']);
  assert.deepEqual(mains.all.map((m) => m.uri), [uri]);
  // Run with Profile's question: the workspace is walked only when the file declares no main.
  const only = await client.sendRequest<P.FindMainClassesResult>(P.FindMainClassesRequest, { uri, allOnlyIfNoneInFile: true } satisfies P.FindMainClassesParams);
  assert.deepEqual([only.inFile.map((m) => m.mainClass), only.all], [['app.Main'], []]);
  const none = await client.sendRequest<P.FindMainClassesResult>(P.FindMainClassesRequest, { allOnlyIfNoneInFile: true } satisfies P.FindMainClassesParams);
  assert.deepEqual([none.inFile, none.all.map((m) => m.mainClass)], [[], ['app.Main']]);
});

test('loading a saved profile: hotness, code lenses, hovers, source resolution', async () => {
  const mark = order.length;
  const summary = await client.sendRequest<P.ProfileSummary>(P.LoadProfileRequest, { path: profileFile });
  assert.deepEqual([summary.program, summary.samples], ['app.Main', 10]);
  const h = await until('hotness for Main.java', () => hotness.find((x) => x.uri === uri && x.lines.length > 0));
  assert.deepEqual(h.lines.map((l) => [l.line, l.selfSamples, l.totalSamples]), [[4, 6, 6], [8, 4, 10], [13, 0, 10]]);
  await until('the profile notification', () => order.slice(mark).includes('profile'));
  assert.equal(profiles.at(-1)?.summary?.samples, 10);
  // The open document's hotness goes out before the (large) profile: the decorations first.
  assert.deepEqual(order.slice(mark, mark + 2), ['hot', 'profile']);
  assert.ok(lensRefreshes >= 1);
  const ls = await lenses();
  assert.deepEqual(ls.map((l) => [l.range.start.line, l.command?.title]).sort((a, b) => Number(a[0]) - Number(b[0])), [
    [3, 'self 60.0% · total 60.0% · 6 samples'],
    [6, 'self 40.0% · total 100.0% · 10 samples'],
    [11, 'self 0% · total 100.0% · 10 samples'],
  ]);
  // A lens's click focuses its method in the flame graph: the command carries the method.
  assert.deepEqual(ls.find((l) => l.range.start.line === 6)?.command?.arguments, [{ className: 'app.Main', methodName: 'sum', descriptor: '(I)I' }]);
  const hv = await hover(8);
  assert.match(JSON.stringify(hv?.contents), /line 9\*\* in \*\*Main\.sum\(int\)/);
  assert.match(JSON.stringify((await hover(6))?.contents), /Called from/);
  const src = await client.sendRequest<P.ResolveSourceResult>(P.ResolveSourceRequest, { className: 'app.Main', methodName: 'sum', descriptor: '(I)I', sourceFile: 'Main.java', line: 0 });
  assert.deepEqual(src, { uri, line: 6 });
  const at = await client.sendRequest<P.ResolveSourceResult>(P.ResolveSourceRequest, { className: 'app.Main', methodName: 'sq', descriptor: '(I)I', sourceFile: 'Main.java', line: 5 });
  assert.equal(at.line, 4);
  assert.equal(await client.sendRequest(P.ResolveSourceRequest, { className: 'x.Y', methodName: 'f', descriptor: '()V', sourceFile: 'Y.java', line: 1 }), null);
});

test('export, bad files, clear', async () => {
  const collapsed = join(ws, 'out', 'p.collapsed');
  await client.sendRequest(P.ExportProfileRequest, { format: 'collapsed', path: collapsed });
  assert.match(readFileSync(collapsed, 'utf8'), /app\.Main\.main;app\.Main\.sum;app\.Main\.sq 6/);
  const json = join(ws, 'out', 'p.json');
  await client.sendRequest(P.ExportProfileRequest, { format: 'json', path: json });
  assert.deepEqual(JSON.parse(readFileSync(json, 'utf8')), JSON.parse(readFileSync(profileFile, 'utf8')));
  // the binary format is written as bytes: gzip magic, then pprof-format decodes it
  const pprof = join(ws, 'out', 'p.pb.gz');
  await client.sendRequest(P.ExportProfileRequest, { format: 'pprof', path: pprof });
  const decoded = PProfile.decode(gunzipSync(readFileSync(pprof)));
  assert.ok(decoded.function.some((f) => decoded.stringTable.strings[Number(f.name)] === 'app.Main.sq(int)'));
  const cg = join(ws, 'out', 'callgrind.out.p');
  await client.sendRequest(P.ExportProfileRequest, { format: 'callgrind', path: cg });
  assert.match(readFileSync(cg, 'utf8'), /^# callgrind format\n[^]*fn=\(\d+\) app\.Main\.sq\(int\)\n/);
  const hp = join(ws, 'out', 'p.hprof.txt');
  await client.sendRequest(P.ExportProfileRequest, { format: 'hprof', path: hp });
  assert.match(readFileSync(hp, 'utf8'), /CPU SAMPLES BEGIN \(total = \d+\)[^]*app\.Main\.sq\n[^]*CPU SAMPLES END\n$/);
  writeFileSync(join(ws, 'bad.json'), '{"format":"komorium-profile","version":1}');
  await assert.rejects(client.sendRequest(P.LoadProfileRequest, { path: join(ws, 'bad.json') }), /bad\.json: \$: missing field 'meta'/);
  await assert.rejects(client.sendRequest(P.LoadProfileRequest, { path: join(ws, 'none.json') }), /ENOENT|no such file/);
  const before = hotness.length;
  await client.sendRequest(P.ClearProfileRequest);
  const cleared = await until('cleared hotness', () => hotness.slice(before).find((x) => x.uri === uri && x.lines.length === 0));
  assert.deepEqual(cleared.methods, []);
  assert.deepEqual(await lenses(), []);
  assert.equal(profiles.at(-1)?.profile, null);
  await assert.rejects(client.sendRequest(P.ExportProfileRequest, { format: 'collapsed', path: collapsed }), /no profile is loaded/);
});

test('a run: javac, the embedded engine (komorium.engine interpreter), output, progress, profile and hotness, run ended', async () => {
  const r = await client.sendRequest<P.StartRunResult>(P.StartRunRequest, { uri });
  assert.deepEqual([r.mainClass, r.classpathSource, r.engine], ['app.Main', 'javac', 'interpreter']);
  await assert.rejects(client.sendRequest(P.StartRunRequest, { uri }), /already in progress/);
  const end = await until('run ended', () => ended.find((e) => e.runId === r.runId), 120_000);
  assert.equal(end.error, undefined, output.map((o) => o.text).join(''));
  assert.equal(end.exitCode, 0);
  assert.ok(end.profilePath && existsSync(end.profilePath));
  assert.match(end.outputTail, /total -?\d+/);
  assert.ok(output.some((o) => o.stream === 'stdout' && /total/.test(o.text)));
  assert.ok(output.some((o) => o.stream === 'log' && /compiling .*Main\.java with javac/.test(o.text)));
  assert.ok(progress.some((p) => p.runId === r.runId && p.phase === 'running'));
  const last = profiles.at(-1)!;
  assert.equal(last.live, false);
  assert.ok((last.summary?.samples ?? 0) > 0);
  // The run is saved in the profiles folder and listed (Komorium Profiles view).
  assert.equal(dirname(end.profilePath), join(ws, 'profiles'));
  const saved = await client.sendRequest<P.ListRunsResult>(P.ListRunsRequest);
  assert.deepEqual(saved.runs.map((x) => [x.file, x.program, x.engine, x.samples]), [[basename(end.profilePath), 'app.Main', 'interp', last.summary?.samples]]);
  await client.sendRequest(P.RenameRunRequest, { file: basename(end.profilePath), name: 'first run' });
  assert.equal((await client.sendRequest<P.ListRunsResult>(P.ListRunsRequest)).runs[0]?.name, 'first run');
  const h = hotness.at(-1)!;
  assert.equal(h.uri, uri);
  assert.ok(h.methods.some((m) => m.name === 'sq' && m.line === 3));
  // Show Bytecode with the cursor in sum's body: opens at sum, samples in the margin.
  const bc = await client.sendRequest<P.BytecodeResult>(P.BytecodeRequest, { uri, line: 8 });
  const lines = bc.original.split('\n');
  assert.match(lines[bc.focusLine ?? -1] ?? '', /static int sum\(int\);/);
  assert.ok(bc.margin.length > 0 && bc.margin.every(([i, n]) => n > 0 && /^\s*\d+: /.test(lines[i]!)), JSON.stringify(bc.margin));
  assert.ok(bc.margin.some(([, , line]) => line === 5), 'sq’s line has samples');
  assert.match(bc.marginNote ?? '', /app\.Main, embedded JVM · JDK \+ app/);
  // A JDK frame: its source from the JDK's src.zip, read-only, at the method.
  const jdk = await client.sendRequest<P.ResolveSourceResult>(P.ResolveSourceRequest, { className: 'java.lang.String', methodName: 'isEmpty', descriptor: '()Z', sourceFile: 'String.java', line: 0 });
  assert.equal(jdk.kind, 'jdk');
  assert.equal(jdk.uri, 'komorium-jdk:/java.base/java/lang/String.java');
  const jdkText = await client.sendRequest<string>(P.JdkSourceRequest, { entry: 'java.base/java/lang/String.java' });
  assert.match(jdkText.split('\n')[jdk.line]!, /public boolean isEmpty\(\)/);
  await assert.rejects(client.sendRequest(P.JdkSourceRequest, { entry: '../../../etc/passwd' }), /no JDK source/);
  const nested = await client.sendRequest<P.ResolveSourceResult>(P.ResolveSourceRequest, { className: 'java.util.HashMap$Node', methodName: 'getKey', descriptor: '()Ljava/lang/Object;', sourceFile: 'HashMap.java', line: 290 });
  assert.deepEqual(nested, { uri: 'komorium-jdk:/java.base/java/util/HashMap.java', line: 289, kind: 'jdk' });
  // Without source, a JDK class opens as its bytecode listing.
  const jbc = await client.sendRequest<P.BytecodeResult>(P.BytecodeRequest, { line: 0, jdkClass: 'java.lang.StringCoding' });
  assert.match(jbc.original, /class java\.lang\.StringCoding/);
  // A file without a main method: a clear error.
  const other = join(ws, 'src', 'app', 'Util.java');
  writeFileSync(other, 'package app;\nclass Util {}\n');
  await assert.rejects(client.sendRequest(P.StartRunRequest, { uri: pathToFileURL(other).href }), /Util\.java has no main method/);
  assert.equal(await client.sendRequest(P.CancelRunRequest, {}), false, 'nothing to cancel');
});

test('compile errors: problems on their lines, a run that never starts, cleared when fixed', async () => {
  const diags: { uri: string; diagnostics: { range: { start: { line: number; character: number } }; message: string; severity?: number }[] }[] = [];
  client.onNotification(new NotificationType<(typeof diags)[number]>('textDocument/publishDiagnostics'), (x: (typeof diags)[number]) => {
    diags.push(x);
  });
  const broken = join(ws, 'src', 'app', 'Broken.java');
  const bUri = pathToFileURL(broken).href;
  writeFileSync(broken, ['package app;', 'public class Broken {', '    public static void main(String[] a) {', '        int x = 1', '        System.out.println(y);', '    }', '}', ''].join('\n'));
  const r = await client.sendRequest<P.StartRunResult>(P.StartRunRequest, { uri: bUri });
  const end = await until('run ended', () => ended.find((e) => e.runId === r.runId), 120_000);
  assert.equal(end.notStarted, true);
  assert.equal(end.profilePath, null);
  assert.match(end.error ?? '', /^compile error in Broken\.java:4: ';' expected/);
  const d = await until('diagnostics', () => diags.find((x) => x.uri === bUri && x.diagnostics.length > 0));
  assert.deepEqual(d.diagnostics.map((x) => [x.range.start.line, x.message.split('\n')[0]]), [[3, "';' expected"]]);
  assert.equal(d.diagnostics[0]!.range.start.character, 17, 'the column of the caret');
  assert.equal(d.diagnostics[0]!.severity, 1);
  assert.ok(!progress.some((p) => p.runId === r.runId && p.phase === 'running'), 'the program never ran');
  // Fixed: the next run compiles, and the file's problems are cleared.
  writeFileSync(broken, ['package app;', 'public class Broken {', '    public static void main(String[] a) {', '        int x = 1;', '        System.out.println(x);', '    }', '}', ''].join('\n'));
  const r2 = await client.sendRequest<P.StartRunResult>(P.StartRunRequest, { uri: bUri });
  const end2 = await until('run ended', () => ended.find((e) => e.runId === r2.runId), 120_000);
  assert.equal(end2.exitCode, 0, end2.error);
  assert.ok(diags.at(-1)!.uri === bUri && diags.at(-1)!.diagnostics.length === 0, 'problems cleared');
});
