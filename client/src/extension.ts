// The Komorium extension's entry: starts the language server (dist/server.js, node IPC) and
// wires the thin UI — commands, decorations, status bar, program console, flame-graph panel,
// bytecode view, launch configurations — to it. All logic lives in the server.

import * as vscode from 'vscode';
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import * as P from '../../server/src/lsp/protocol';
import { BYTECODE_SCHEME, BytecodeDocuments } from './bytecode-view';
import { registerLaunchType } from './debug';
import { HotnessDecorations } from './decorations';
import { FlamePanel } from './flame-panel';
import { ProfilesView } from './profiles-view';
import { vscodeJavaClasspath } from './java-classpath';
import { Runner } from './runner';
import { RunStatus } from './status';
import { runTrace } from '../../server/src/engine/run-trace';

let client: LanguageClient | undefined;

/** Where this workspace's runs are saved: `<global storage>/profiles/<hash of its folders>`. */
function profilesDirOf(context: vscode.ExtensionContext): string {
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.toString()).join('\n');
  const key = folders ? createHash('sha256').update(folders).digest('hex').slice(0, 16) : 'no-folder';
  return join(context.globalStorageUri.fsPath, 'profiles', key);
}

/** What the extension exports (used by the end-to-end test and other extensions). */
export interface KomoriumApi {
  /** Documents (URIs) that currently have hotness decorations. */
  hotDocuments(): string[];
  currentProfile(): P.ProfileSummary | null;
  /** The runs the Komorium Profiles view lists (names or programs), newest first. */
  savedRuns(): string[];
}

export async function activate(context: vscode.ExtensionContext): Promise<KomoriumApi> {
  const log = vscode.window.createOutputChannel('Komorium', { log: true });
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'java' }],
    outputChannel: log,
    // Saved runs live in the extension's storage, in a folder per workspace (keyed by its folders'
    // paths, not by the window's workspace id): a window reload keeps them (Komorium Profiles).
    initializationOptions: { profilesDir: profilesDirOf(context) },
    synchronize: { configurationSection: 'komorium' },
  };
  const lc = new LanguageClient('komorium', 'Komorium', serverOptions, clientOptions);
  client = lc;

  const decorations = new HotnessDecorations();
  const status = new RunStatus();
  const bytecode = new BytecodeDocuments();
  let summary: P.ProfileSummary | null = null;

  const openSource = async (m: { className: string; methodName: string; descriptor: string; sourceFile: string | null; line: number }) => {
    const r = await lc.sendRequest<P.ResolveSourceResult | null>(P.ResolveSourceRequest, m satisfies P.ResolveSourceParams);
    if (!r) {
      void vscode.window.showWarningMessage(`Komorium: no source for ${m.className} in the workspace or the JDK`);
      return;
    }
    if (r.kind === 'bytecode') {
      // A JDK class without source (no lib/src.zip): its bytecode listing instead.
      try {
        await bytecode.show(await lc.sendRequest<P.BytecodeResult>(P.BytecodeRequest, { line: 0, jdkClass: m.className } satisfies P.BytecodeParams));
      } catch (e) {
        void vscode.window.showErrorMessage(`Komorium: ${(e as Error).message}`);
      }
      return;
    }
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(r.uri));
    const pos = new vscode.Position(r.line, 0);
    const show = () => vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(pos, pos) });
    await show();
    // The click that sent the message may still move the focus into the webview afterwards:
    // the user expects the cursor in the source, so take the focus back once.
    await new Promise((r) => setTimeout(r, 200));
    if (vscode.window.activeTextEditor?.document !== doc) await show();
  };

  const panel = new FlamePanel(context.extensionUri, {
    current: () => lc.sendRequest<P.ProfileParams>(P.CurrentProfileRequest),
    open: openSource,
    log: (t) => log.appendLine(t),
  });

  const runner = new Runner(lc, {
    status,
    log,
    summary: () => summary,
    onStart: () => {
      if (vscode.workspace.getConfiguration('komorium').get<boolean>('showFlameGraphOnRun', true)) panel.show(true);
    },
    baselineFor: (key) => context.workspaceState.get<string>(`komorium.baseline:${key}`),
  });

  context.subscriptions.push(log, decorations, status, bytecode, panel, runner);
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(BYTECODE_SCHEME, bytecode));
  // JDK sources (profile frames in the JDK), read-only from its lib/src.zip through the server.
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(P.JDK_SOURCE_SCHEME, {
      provideTextDocumentContent: (uri) => lc.sendRequest<string>(P.JdkSourceRequest, { entry: uri.path.replace(/^\//, '') } satisfies P.JdkSourceParams),
    }),
  );
  context.subscriptions.push(...registerLaunchType(runner));

  // KOMORIUM_TRACE_RUN: the run's first hotness with lines (its decorations drawn now).
  let firstHotness: ((step: string) => void) | undefined;
  lc.onNotification(P.HotnessNotification, (h: P.DocumentHotness) => {
    decorations.update(h);
    if (firstHotness && h.lines.length > 0) {
      firstHotness(`first hotness drawn (${h.lines.length} lines)`);
      firstHotness = undefined;
    }
  });
  let profileSeq = 0;
  lc.onNotification(P.ProfileNotification, (p: P.ProfileParams) => {
    summary = p.summary;
    if (p.profile === null) decorations.clear();
    const mine = ++profileSeq;
    // only the diff changed, of a profile this window does not have: the whole from the server
    if (!panel.update(p)) void lc.sendRequest<P.ProfileParams>(P.CurrentProfileRequest).then((whole) => mine === profileSeq && panel.update(whole), () => undefined);
    status.idle(summary);
  });

  const activeJavaUri = (): vscode.Uri | undefined => {
    const d = vscode.window.activeTextEditor?.document;
    return d && d.uri.scheme === 'file' && (d.languageId === 'java' || d.fileName.endsWith('.java')) ? d.uri : undefined;
  };

  const command = (id: string, f: (...args: unknown[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, f));

  // KOMORIUM_TRACE_RUN=1: each step from the command to the server's answer is a line of the
  // Komorium log (with its time), before the server's own steps (docs/BENCHMARKS.md part E).
  const runActive = async (what: string, extra: Partial<P.StartRunParams>) => {
    const trace = runTrace((line) => log.appendLine(line), 'client');
    trace(`${what} invoked`);
    const uri = activeJavaUri();
    const doc = vscode.window.activeTextEditor?.document;
    // (save() of an unchanged document does nothing but a round trip to the window)
    if (uri && doc?.isDirty) {
      await doc.save();
      trace('saved');
    }
    // vscode-java's class path of the active file, asked while the server looks for the main
    // class (the run's file is the active one unless the user picks another)
    const activeClasspath = uri ? vscodeJavaClasspath(uri) : undefined;
    const found = await lc.sendRequest<P.FindMainClassesResult>(P.FindMainClassesRequest, { uri: uri?.toString(), allOnlyIfNoneInFile: true } satisfies P.FindMainClassesParams);
    trace(`main classes found (${found.inFile.length} in the file)`);
    let main: P.MainClassInfo | undefined;
    const pick = async (list: P.MainClassInfo[]) =>
      (await vscode.window.showQuickPick(list.map((m) => ({ label: m.mainClass, description: vscode.workspace.asRelativePath(vscode.Uri.parse(m.uri)), m })), { placeHolder: 'Main class to profile' }))?.m;
    if (found.inFile.length === 1) main = found.inFile[0];
    else if (found.inFile.length > 1) main = await pick(found.inFile);
    else if (found.all.length === 1) main = found.all[0];
    else if (found.all.length > 1) main = await pick(found.all);
    else {
      void vscode.window.showErrorMessage('Komorium: no main class found. Open a Java file with a main method, or add a "komorium" launch configuration.');
      return;
    }
    if (!main) return;
    const fileUri = vscode.Uri.parse(main.uri);
    const javaClasspath = activeClasspath && fileUri.toString() === uri?.toString() ? await activeClasspath : await vscodeJavaClasspath(fileUri);
    trace(javaClasspath ? "vscode-java's class path read" : 'no class path from vscode-java');
    firstHotness = undefined;
    if (await runner.start({ uri: main.uri, mainClass: main.mainClass, javaClasspath, ...extra }, { trace })) firstHotness = trace;
  };
  command('komorium.run', () => runActive('Run with Profile', {}));
  // The embedded engine counting every bytecode (komorium run --exact), whatever komorium.engine says.
  command('komorium.runExact', () => runActive('Run with Exact Profile', { exact: true }));

  command('komorium.profileTest', async (arg?: unknown) => {
    const a = arg as { uri?: string; className?: string; method?: string } | undefined;
    if (!a?.uri || !a.className) {
      void vscode.window.showWarningMessage('Komorium: use the Profile Test lens above a @Test method or a test class.');
      return;
    }
    const uri = vscode.Uri.parse(a.uri);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === a.uri);
    if (doc?.isDirty) await doc.save();
    await runner.start({ uri: a.uri, test: { className: a.className, ...(a.method ? { method: a.method } : {}) }, javaClasspath: await vscodeJavaClasspath(uri) });
  });

  command('komorium.compareBaseline', async (arg?: unknown) => {
    if (!summary) {
      void vscode.window.showWarningMessage('Komorium: no profile to compare; run a program or open a profile first.');
      return;
    }
    const key = runner.lastKey ?? `profile:${summary.program}`;
    const stateKey = `komorium.baseline:${key}`;
    let path: string | null;
    if (arg instanceof vscode.Uri) path = arg.fsPath;
    else {
      // the server collects the open profile's side of the diff while the user picks the file
      void lc.sendNotification(P.PrepareCompareNotification);
      const current = context.workspaceState.get<string>(stateKey);
      const choice = current
        ? await vscode.window.showQuickPick([{ label: 'Choose a baseline profile…', id: 'pick' }, { label: 'Stop comparing', description: current, id: 'stop' }], { placeHolder: 'Compare with Baseline' })
        : { id: 'pick' };
      if (!choice) return;
      if (choice.id === 'stop') path = null;
      else {
        const picked = await vscode.window.showOpenDialog({ title: 'Komorium: baseline profile to compare with', canSelectMany: false, filters: { 'Komorium profile': ['json'] }, openLabel: 'Use as Baseline' });
        if (!picked || picked.length === 0) return;
        path = picked[0]!.fsPath;
      }
    }
    await context.workspaceState.update(stateKey, path ?? undefined);
    try {
      const r = await lc.sendRequest<P.CompareBaselineResult | null>(P.CompareBaselineRequest, { path } satisfies P.CompareBaselineParams);
      if (r) {
        const d = r.newBytecodes - r.baseBytecodes;
        log.appendLine(`comparing with ${path}: ${r.baseBytecodes} -> ${r.newBytecodes} bytecodes (${d >= 0 ? '+' : ''}${d})`);
        for (const w of r.warnings) log.appendLine(`warning: ${w}`);
        panel.show(true);
      }
    } catch (e) {
      void vscode.window.showErrorMessage(`Komorium: ${(e as Error).message}`);
    }
  });

  command('komorium.stop', () => runner.stop());
  // From a code lens: with the method to focus on (its frames highlighted, zoomed to).
  command('komorium.showFlameGraph', (arg?: unknown) => {
    panel.show(false);
    const f = arg as Partial<P.FocusMethodArgs> | undefined;
    if (typeof f?.className === 'string' && typeof f.methodName === 'string' && typeof f.descriptor === 'string') {
      panel.focus({ className: f.className, methodName: f.methodName, descriptor: f.descriptor });
    }
  });
  command('komorium.clearHotness', async () => {
    await lc.sendRequest(P.ClearProfileRequest);
    decorations.clear();
  });

  const profiles = new ProfilesView(
    lc,
    async (path) => void (await vscode.commands.executeCommand('komorium.openProfile', vscode.Uri.file(path))),
    async (newer, older) => {
      try {
        await lc.sendRequest<P.ProfileSummary>(P.LoadProfileRequest, { path: newer } satisfies P.LoadProfileParams);
        const r = await lc.sendRequest<P.CompareBaselineResult | null>(P.CompareBaselineRequest, { path: older } satisfies P.CompareBaselineParams);
        if (r) log.appendLine(`comparing ${newer} with ${older}: ${r.baseBytecodes} -> ${r.newBytecodes} bytecodes`);
        panel.show(true);
      } catch (e) {
        void vscode.window.showErrorMessage(`Komorium: ${(e as Error).message}`);
      }
    },
  );
  context.subscriptions.push(profiles);

  command('komorium.openProfile', async (arg?: unknown) => {
    const picked = arg instanceof vscode.Uri ? [arg] : await vscode.window.showOpenDialog({ title: 'Komorium: open a saved profile', canSelectMany: false, filters: { 'Komorium profile': ['json'] }, openLabel: 'Open Profile' });
    if (!picked || picked.length === 0) return;
    try {
      const s = await lc.sendRequest<P.ProfileSummary>(P.LoadProfileRequest, { path: picked[0]!.fsPath } satisfies P.LoadProfileParams);
      log.appendLine(`loaded ${picked[0]!.fsPath}: ${s.samples} samples`);
      panel.show(true);
    } catch (e) {
      void vscode.window.showErrorMessage(`Komorium: ${(e as Error).message}`);
    }
  });

  command('komorium.exportProfile', async () => {
    if (!summary) {
      void vscode.window.showWarningMessage('Komorium: no profile to export; run a program first.');
      return;
    }
    const formats: { label: string; description: string; format: P.ExportProfileParams['format']; ext: string }[] = [
      { label: 'Komorium profile', description: '.json (open again with Open Profile…)', format: 'json', ext: 'json' },
      { label: 'Collapsed stacks', description: '.collapsed (flamegraph.pl, speedscope)', format: 'collapsed', ext: 'collapsed' },
      { label: 'speedscope', description: '.speedscope.json', format: 'speedscope', ext: 'speedscope.json' },
      { label: 'Chrome CPU profile', description: ".cpuprofile (VS Code's profile viewer, DevTools)", format: 'cpuprofile', ext: 'cpuprofile' },
      { label: 'pprof', description: '.pb.gz (go tool pprof, pprof viewers)', format: 'pprof', ext: 'pb.gz' },
      { label: 'Callgrind', description: 'callgrind.out (KCachegrind, QCachegrind, callgrind_annotate)', format: 'callgrind', ext: 'callgrind.out' },
      { label: 'HPROF text', description: '.hprof.txt (TRACE and CPU SAMPLES, as java -agentlib:hprof)', format: 'hprof', ext: 'hprof.txt' },
    ];
    const f = await vscode.window.showQuickPick(formats, { placeHolder: 'Export format' });
    if (!f) return;
    const base = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
    const target = await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.joinPath(base, `${summary.program}.${f.ext}`), saveLabel: 'Export' });
    if (!target) return;
    try {
      await lc.sendRequest(P.ExportProfileRequest, { format: f.format, path: target.fsPath } satisfies P.ExportProfileParams);
      void vscode.window.showInformationMessage(`Komorium: exported ${target.fsPath}`);
    } catch (e) {
      void vscode.window.showErrorMessage(`Komorium: ${(e as Error).message}`);
    }
  });

  command('komorium.showBytecode', async () => {
    const editor = vscode.window.activeTextEditor;
    const uri = activeJavaUri();
    if (!editor || !uri) {
      void vscode.window.showWarningMessage('Komorium: open a Java file and put the cursor in a class.');
      return;
    }
    await editor.document.save();
    try {
      const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Komorium: disassembling' }, async () =>
        lc.sendRequest<P.BytecodeResult>(P.BytecodeRequest, { uri: uri.toString(), line: editor.selection.active.line, javaClasspath: await vscodeJavaClasspath(uri) } satisfies P.BytecodeParams),
      );
      await bytecode.show(r);
    } catch (e) {
      void vscode.window.showErrorMessage(`Komorium: ${(e as Error).message}`);
    }
  });

  const started = runTrace((line) => log.appendLine(line), 'client');
  await lc.start();
  started('language server started');
  await profiles.refresh();
  return {
    hotDocuments: () => decorations.documents,
    currentProfile: () => summary,
    savedRuns: () => profiles.labels,
  };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
