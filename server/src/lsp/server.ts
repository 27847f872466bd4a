// The Komorium language server: owns the current profile and all editor logic. Standard LSP
// (code lenses on profiled methods, hovers on hot lines and methods) plus the custom protocol
// of protocol.ts (runs, profiles, hotness payloads, bytecode). The client only renders.

import { readFile, mkdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeLensRefreshRequest,
  DiagnosticSeverity,
  ResponseError,
  TextDocumentSyncKind,
  TextDocuments,
  type CodeLens,
  type Connection,
  type Hover,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { jobUrl, runJob } from '../engine/worker-thread';
import type { BytecodeJob, BytecodeListings } from './bytecode-job';
import { planClasspath } from './classpath';
import { compileJavaFile } from './compile';
import { documentHotness, hotStat, locateMethods } from './hotness';
import { codeLensTitle, lineHover, methodHover } from './hover';
import { classAtLine, findDeclaration, mainClasses, methodAtLine, scanJava, type JavaSource } from './java-scan';
import { diffCurrent, exportCurrent, holdForCompare, loadCurrent, makeCurrent, prepareSide, summaryOf, type CurrentProfile } from './profile-state';
import { methodDelta, withDeltas } from './baseline';
import { diffPayload } from '../profile/diff-view';
import { testLenses } from './test-lens';
import type { MethodLineSamples } from './bytecode-margin';
import { engineText } from './live-numbers';
import { JDK_SOURCE_SCHEME, JdkSources } from './jdk-source';
import { findJavaHome } from '../classpath/index';
import { prepareRun } from '../engine/run';

/** Packages of the JDK: a frame there without source opens as a bytecode listing. */
function isJdkPackage(className: string): boolean {
  return /^(java|javax|jdk|sun|com\.sun)\./.test(className);
}
import type { ProfileLimits } from '../profile/limits';
import * as P from './protocol';
import { profileDir, RunController, RunRequestError } from './runs';
import { deleteRun, listRuns, recordRun, renameRun } from './saved-runs';
import { DEFAULT_SETTINGS, normalizeSettings, type KomoriumSettings } from './settings';
import { findMains, findSourceFile } from './workspace';

function toPath(uri: string): string | undefined {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}

const HOTNESS_DEBOUNCE_MS = 250;
const LENS_REFRESH_MS = 2000;

export interface ServerOptions {
  /** Limits on the profiles the server accepts (default DEFAULT_PROFILE_LIMITS). */
  profileLimits?: Partial<ProfileLimits>;
}

export function startServer(connection: Connection, opts: ServerOptions = {}): void {
  const limits = opts.profileLimits;
  const documents = new TextDocuments(TextDocument);
  let folders: string[] = [];
  let current: CurrentProfile | undefined;
  // Profile files load in a worker thread; meanwhile the server answers other requests. When
  // loads overlap, the one started last becomes current.
  let loadSeq = 0;
  let settings: KomoriumSettings = DEFAULT_SETTINGS;
  let canRefreshLenses = false;
  let lastLensRefresh = 0;
  let canConfigure = false;
  const hotDocs = new Set<string>();
  const pending = new Map<string, NodeJS.Timeout>();
  const scans = new Map<string, { version: number; src: JavaSource }>();
  const jdkSources = new JdkSources();
  // The profiles folder: a folder per workspace in the client's storage (initializationOptions.profilesDir), so
  // that saved runs outlive a window reload; else a temporary folder.
  let profilesDir = profileDir();
  const runsChanged = () => void connection.sendNotification(P.RunsChangedNotification, { dir: profilesDir, runs: listRuns(profilesDir) } satisfies P.ListRunsResult);

  const readSettings = async (): Promise<KomoriumSettings> => {
    if (!canConfigure) return settings;
    try {
      settings = normalizeSettings(await connection.workspace.getConfiguration('komorium'));
    } catch {
      // keep the last known settings
    }
    return settings;
  };

  const scanOf = (doc: TextDocument): JavaSource => {
    const s = scans.get(doc.uri);
    if (s && s.version === doc.version) return s.src;
    const src = scanJava(doc.getText());
    scans.set(doc.uri, { version: doc.version, src });
    return src;
  };

  const fileNameOf = (uri: string): string => basename(toPath(uri) ?? uri.slice(uri.lastIndexOf('/') + 1));

  const isJava = (doc: TextDocument) => doc.languageId === 'java' || doc.uri.endsWith('.java');

  const pushHotness = (doc: TextDocument) => {
    if (!isJava(doc)) return;
    let h = current ? documentHotness(current.index, doc.uri, fileNameOf(doc.uri), scanOf(doc), current.live) : undefined;
    if (h && current?.diff) h = withDeltas(h, current.diff, scanOf(doc));
    if (h && (h.lines.length > 0 || h.methods.length > 0)) {
      hotDocs.add(doc.uri);
      void connection.sendNotification(P.HotnessNotification, h);
    } else if (hotDocs.delete(doc.uri)) {
      const empty: P.DocumentHotness = { uri: doc.uri, live: false, samples: 0, bytecodes: 0, lines: [], methods: [] };
      void connection.sendNotification(P.HotnessNotification, empty);
    }
  };

  const schedule = (doc: TextDocument) => {
    clearTimeout(pending.get(doc.uri));
    pending.set(doc.uri, setTimeout(() => {
      pending.delete(doc.uri);
      const d = documents.get(doc.uri);
      if (d) pushHotness(d);
    }, HOTNESS_DEBOUNCE_MS));
  };

  // Compare with Baseline…: the baseline file, set by the request or by the run's launch configuration
  let baselinePath: string | undefined;
  let diffSeq = 0;
  /** The user has compared (or opened Compare with Baseline…) in this session: opened profiles get their side collected ahead. */
  let comparing = false;
  const compare = async (c: CurrentProfile): Promise<void> => {
    const mine = ++diffSeq;
    if (!baselinePath || c.live) return;
    const diff = await diffCurrent(c, baselinePath, limits);
    if (mine === diffSeq && current === c) setCurrent({ ...c, diff });
  };

  // the profile JSON of the last profile notification, and the number sent with it
  let sentJson: unknown;
  let profileNo = 0;
  const profileParams = (c: CurrentProfile | undefined): P.ProfileParams =>
    c ? { profile: c.json, profileId: profileNo, live: c.live, title: c.title, summary: summaryOf(c), ...(c.diff ? { diff: diffPayload(c.diff) } : {}) } : { profile: null, live: false, title: '', summary: null };
  const setCurrent = (next: CurrentProfile | undefined) => {
    current = next;
    if (next && !next.diff && baselinePath && !next.live) {
      compare(next).catch((e: unknown) => void connection.sendNotification(P.OutputNotification, { runId: 0, stream: 'log', text: `Compare with Baseline: ${(e as Error).message}\n` }));
    }
    // The open documents' hotness first: a few lines each, where the whole profile (the flame
    // graph's) is large, and the client draws the decorations as soon as their message is read
    // (the first decorations of a run do not wait for the profile's message, BENCHMARKS.md part E).
    for (const d of documents.all()) pushHotness(d);
    // the same profile with a diff set or cleared: its JSON (MBs) not sent again
    const same = next !== undefined && sentJson !== undefined && next.json === sentJson;
    if (next && !same) profileNo++;
    sentJson = next?.json;
    const params: P.ProfileParams = same ? { ...profileParams(next), profile: undefined, sameProfile: true } : profileParams(next);
    void connection.sendNotification(P.ProfileNotification, params);
    // Lenses move code when they change: during a live run at most every LENS_REFRESH_MS.
    const now = Date.now();
    if (canRefreshLenses && (!next?.live || now - lastLensRefresh >= LENS_REFRESH_MS)) {
      lastLensRefresh = now;
      void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
    }
  };

  // While a Java file is open, the engine's next run is prepared (the embedded engine: a worker
  // started as far as it goes without the program, interp-run.ts prepareInterpreter), so that
  // Run with Profile starts at once. Again after each run and settings change.
  const prepareEngine = (): void => {
    if (documents.all().some(isJava)) prepareRun({ engine: settings.engine, jdk: settings.javaHome || undefined, vmArgs: settings.vmArgs, embeddedOnly: settings.clock === 'virtual', clock: settings.clock, ...(settings.instrument !== 'auto' ? { instrument: settings.instrument } : {}) });
  };

  const runs = new RunController({
    settings: readSettings,
    workspaceFolders: () => folders,
    profilesDir: () => profilesDir,
    openText: (file) => documents.get(pathToFileURL(file).href)?.getText(),
    output: (p) => void connection.sendNotification(P.OutputNotification, p),
    compileProblems: (byFile) => {
      for (const [file, list] of byFile) {
        void connection.sendDiagnostics({
          uri: pathToFileURL(file).href,
          diagnostics: list.map((d) => ({
            range: { start: { line: d.line, character: d.column }, end: { line: d.line, character: d.column + 1 } },
            severity: d.severity === 'error' ? DiagnosticSeverity.Error : d.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
            source: 'javac (Komorium)',
            message: d.message,
          })),
        });
      }
    },
    progress: (p) => void connection.sendNotification(P.ProgressNotification, p),
    snapshot: (_id, raw, title) => {
      try {
        setCurrent(makeCurrent(raw, 'live snapshot', { live: true, title, path: null, limits }));
        return true;
      } catch {
        // a snapshot that does not validate is skipped; the next one will do
        return false;
      }
    },
    ended: (p, title) => {
      void (async () => {
        if (p.profilePath) {
          try {
            const mine = ++loadSeq;
            const c = await loadCurrent(p.profilePath, { title, limits });
            if (mine === loadSeq) setCurrent(c);
            if (dirname(p.profilePath) === profilesDir) {
              const s = summaryOf(c);
              const keep = (await readSettings()).profilesKeep;
              recordRun(profilesDir, { file: basename(p.profilePath), name: title !== s.program ? title : '', program: s.program, engine: s.engine, scope: s.scope ?? '', date: Date.now(), samples: s.samples, bytecodes: s.bytecodes }, keep);
              runsChanged();
            }
          } catch (e) {
            p = { ...p, error: `${p.error ? `${p.error}; ` : ''}the profile could not be read: ${(e as Error).message}` };
          }
        } else if (current?.live) {
          setCurrent({ ...current, live: false });
        }
        void connection.sendNotification(P.RunEndedNotification, p);
        prepareEngine();
      })();
    },
  });

  connection.onInitialize((params): InitializeResult => {
    folders = (params.workspaceFolders ?? []).map((f) => toPath(f.uri)).filter((p): p is string => p !== undefined);
    if (folders.length === 0 && params.rootUri) {
      const p = toPath(params.rootUri);
      if (p) folders = [p];
    }
    const init = params.initializationOptions as { profilesDir?: unknown } | undefined;
    if (typeof init?.profilesDir === 'string' && init.profilesDir) profilesDir = init.profilesDir;
    canRefreshLenses = params.capabilities.workspace?.codeLens?.refreshSupport === true;
    canConfigure = params.capabilities.workspace?.configuration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeLensProvider: { resolveProvider: false },
        hoverProvider: true,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'komorium' },
    };
  });

  connection.onInitialized(() => {
    void readSettings().then(prepareEngine);
    connection.workspace.onDidChangeWorkspaceFolders((e) => {
      const removed = new Set(e.removed.map((f) => toPath(f.uri)));
      folders = [...folders.filter((f) => !removed.has(f)), ...e.added.map((f) => toPath(f.uri)).filter((p): p is string => p !== undefined)];
    });
  });

  connection.onDidChangeConfiguration(() => {
    void readSettings().then(() => {
      prepareEngine();
      if (canRefreshLenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
    });
  });

  // A Java file opened or saved is compiled ahead when a run would compile it with javac
  // (runs.ts precompile): Run with Profile then finds its classes fresh.
  const precompile = (doc: TextDocument): void => {
    const file = toPath(doc.uri);
    if (file && isJava(doc) && process.env.KOMORIUM_PRECOMPILE !== '0') void runs.precompile(file).catch(() => undefined);
  };

  documents.onDidOpen((e) => {
    pushHotness(e.document);
    if (isJava(e.document)) {
      prepareEngine();
      precompile(e.document);
    }
  });
  documents.onDidSave((e) => precompile(e.document));
  documents.onDidChangeContent((e) => schedule(e.document));
  documents.onDidClose((e) => {
    scans.delete(e.document.uri);
    hotDocs.delete(e.document.uri);
    clearTimeout(pending.get(e.document.uri));
  });

  connection.onCodeLens((p): CodeLens[] => {
    const doc = documents.get(p.textDocument.uri);
    if (!doc || !settings.codeLens || !isJava(doc)) return [];
    const lenses: CodeLens[] = testLenses(doc.uri, scanOf(doc));
    if (!current) return lenses;
    for (const { decl, stat, method } of locateMethods(current.index, fileNameOf(doc.uri), scanOf(doc))) {
      if (!decl || stat.total === 0) continue;
      const h = hotStat(current.index, stat.self, stat.total);
      const delta = current.diff ? methodDelta(current.diff, method) : undefined;
      // A click focuses the method in the flame graph (P.FocusMethodArgs).
      const focus: P.FocusMethodArgs = { className: method.className, methodName: method.name, descriptor: method.descriptor };
      lenses.push({
        range: { start: { line: decl.line, character: decl.col }, end: { line: decl.line, character: decl.col } },
        command: { title: delta ? `${codeLensTitle(h)} · ${delta}` : codeLensTitle(h), command: 'komorium.showFlameGraph', arguments: [focus] },
      });
    }
    return lenses;
  });

  connection.onHover((p): Hover | null => {
    const doc = documents.get(p.textDocument.uri);
    if (!doc || !current || !isJava(doc)) return null;
    const located = locateMethods(current.index, fileNameOf(doc.uri), scanOf(doc));
    const onDecl = located.find((l) => l.decl && l.decl.line === p.position.line);
    const text = onDecl ? methodHover(current.index, onDecl.method) : lineHover(current.index, located, p.position.line + 1);
    return text ? { contents: { kind: 'markdown', value: text } } : null;
  });

  // ------------------------------------------------------------------ custom requests

  const fail = (e: unknown) => new ResponseError(1, e instanceof Error ? e.message : String(e));

  connection.onRequest(P.StartRunRequest, async (params: P.StartRunParams): Promise<P.StartRunResult | ResponseError> => {
    try {
      const r = await runs.start(params, params.uri ? toPath(params.uri) : undefined);
      baselinePath = params.baseline || undefined;
      // the baseline's side collected while the program runs: its comparison then only merges
      if (baselinePath) void prepareSide(baselinePath, limits);
      return r;
    } catch (e) {
      if (!(e instanceof RunRequestError)) connection.console.error(`startRun: ${(e as Error).stack ?? e}`);
      return fail(e);
    }
  });

  connection.onRequest(P.CancelRunRequest, (params: P.CancelRunParams) => runs.cancel(params?.runId));

  connection.onNotification(P.StdinNotification, (p: P.StdinParams) => runs.stdin(p.runId, p.data, p.end === true));

  connection.onRequest(P.FindMainClassesRequest, async (params: P.FindMainClassesParams): Promise<P.FindMainClassesResult> => {
    const inFile: P.MainClassInfo[] = [];
    if (params?.uri) {
      const doc = documents.get(params.uri);
      const path = toPath(params.uri);
      const text = doc?.getText() ?? (path ? await readFile(path, 'utf8').catch(() => '') : '');
      for (const m of mainClasses(scanJava(text))) inFile.push({ mainClass: m, uri: params.uri });
    }
    if (params?.allOnlyIfNoneInFile === true && inFile.length > 0) return { inFile, all: [] };
    const all = (await findMains(folders)).map((m) => ({ mainClass: m.mainClass, uri: pathToFileURL(m.file).href }));
    return { inFile, all };
  });

  connection.onRequest(P.LoadProfileRequest, async (params: P.LoadProfileParams): Promise<P.ProfileSummary | ResponseError> => {
    const mine = ++loadSeq;
    try {
      const c = await loadCurrent(params.path, { title: basename(params.path), limits });
      if (mine === loadSeq) {
        // An opened profile is shown as it is: the baseline of an earlier comparison (or run) is
        // not applied to it (Compare with Baseline… or Compare Selected Profiles compares it).
        baselinePath = undefined;
        diffSeq++;
        setCurrent(c);
        // its side held in the comparison worker (and cached, as another's baseline), for a
        // Compare with Baseline…, once the user compares at all in this session (prepareCompare, compareBaseline)
        if (comparing) void holdForCompare(c, limits);
      }
      return summaryOf(c);
    } catch (e) {
      return fail(e);
    }
  });

  // Compare with Baseline… opened (the user picks the file now): the current profile's side
  // collected (or read from the side cache) meanwhile, held in a worker that stays up, its code warm
  connection.onNotification(P.PrepareCompareNotification, () => {
    comparing = true;
    const c = current;
    if (c?.path && !c.live) void holdForCompare(c, limits);
  });

  connection.onRequest(P.CompareBaselineRequest, async (params: P.CompareBaselineParams): Promise<P.CompareBaselineResult | null | ResponseError> => {
    try {
      baselinePath = params.path ?? undefined;
      if (baselinePath) comparing = true;
      const c = current;
      if (!c) throw new Error('no profile is loaded: run or open a profile first');
      if (!baselinePath) {
        diffSeq++;
        setCurrent({ ...c, diff: undefined });
        return null;
      }
      const mine = ++diffSeq;
      const diff = await diffCurrent(c, baselinePath, limits);
      if (mine === diffSeq && current === c) setCurrent({ ...c, diff });
      // the next comparison (another baseline) in the comparison worker
      if (c.path) void holdForCompare(c, limits);
      return { baseTitle: diff.baseTitle, baseBytecodes: diff.baseBytecodes, newBytecodes: diff.newBytecodes, warnings: diff.warnings };
    } catch (e) {
      return fail(e);
    }
  });

  connection.onRequest(P.ClearProfileRequest, () => {
    setCurrent(undefined);
    return null;
  });

  connection.onRequest(P.ListRunsRequest, (): P.ListRunsResult => ({ dir: profilesDir, runs: listRuns(profilesDir) }));

  connection.onRequest(P.RenameRunRequest, (params: P.RenameRunParams): null | ResponseError => {
    try {
      renameRun(profilesDir, params.file, params.name);
      runsChanged();
      return null;
    } catch (e) {
      return fail(e);
    }
  });

  connection.onRequest(P.DeleteRunRequest, (params: P.DeleteRunParams): null | ResponseError => {
    try {
      deleteRun(profilesDir, params.file);
      runsChanged();
      return null;
    } catch (e) {
      return fail(e);
    }
  });

  connection.onRequest(P.CurrentProfileRequest, (): P.ProfileParams => {
    return profileParams(current);
  });

  connection.onRequest(P.ExportProfileRequest, async (params: P.ExportProfileParams): Promise<null | ResponseError> => {
    try {
      if (!current) throw new Error('no profile is loaded');
      const c = current;
      await mkdir(dirname(params.path), { recursive: true });
      await exportCurrent(c, params.format, params.path, limits);
      return null;
    } catch (e) {
      return fail(e);
    }
  });

  const jdkHome = async (): Promise<string | undefined> => {
    try {
      return findJavaHome((await readSettings()).javaHome || undefined).home;
    } catch {
      return undefined;
    }
  };

  connection.onRequest(P.ResolveSourceRequest, async (params: P.ResolveSourceParams): Promise<P.ResolveSourceResult | null> => {
    const file = params.sourceFile ? await findSourceFile(params.className, params.sourceFile, folders) : undefined;
    if (!file) {
      // Not in the workspace: the JDK's source (src.zip), else a JDK class's bytecode listing.
      const home = await jdkHome();
      const entry = home ? jdkSources.locate(home, params.className, params.sourceFile) : undefined;
      const text = home && entry ? jdkSources.read(home, entry) : undefined;
      if (entry && text !== undefined) {
        const decl = params.line > 0 ? undefined : findDeclaration(scanJava(text).methods, params.className, params.methodName, params.descriptor);
        return { uri: `${JDK_SOURCE_SCHEME}:/${entry}`, line: params.line > 0 ? params.line - 1 : (decl?.line ?? 0), kind: 'jdk' };
      }
      return isJdkPackage(params.className) ? { uri: '', line: 0, kind: 'bytecode' } : null;
    }
    const uri = pathToFileURL(file).href;
    if (params.line > 0) return { uri, line: params.line - 1 };
    const doc = documents.get(uri);
    const text = doc?.getText() ?? (await readFile(file, 'utf8').catch(() => ''));
    const decl = findDeclaration(scanJava(text).methods, params.className, params.methodName, params.descriptor);
    return { uri, line: decl?.line ?? 0 };
  });

  /** The current profile's self samples by line of a class's methods (Show Bytecode's margin). */
  const lineSamples = (className: string): MethodLineSamples[] => {
    if (!current) return [];
    const out: MethodLineSamples[] = [];
    for (const m of current.index.methods) {
      if (m.className !== className) continue;
      const st = current.index.stats.get(m.index);
      const lines = (st?.lines ?? []).filter((l) => l.self > 0).map((l): [number, number] => [l.line, l.self]);
      if (lines.length > 0) out.push({ name: m.name, descriptor: m.descriptor, lines });
    }
    return out;
  };
  const marginNote = (): string | null => {
    if (!current) return null;
    const eng = engineText({ engine: current.index.meta.engine, scope: current.index.meta.scope });
    return `margin: self samples of each source line at its first instruction (the profile has lines, not instructions): ${current.index.meta.program}${eng ? `, ${eng}` : ''}`;
  };

  connection.onRequest(P.JdkSourceRequest, async (params: P.JdkSourceParams): Promise<string | ResponseError> => {
    const home = await jdkHome();
    const text = home ? jdkSources.read(home, params.entry) : undefined;
    return text ?? fail(new Error(`no JDK source ${params.entry}${home ? ` in ${home}/lib/src.zip` : ' (no JDK found)'}`));
  });

  connection.onRequest(P.BytecodeRequest, async (params: P.BytecodeParams): Promise<P.BytecodeResult | ResponseError> => {
    try {
      if (params.jdkClass) {
        const s = await readSettings();
        const job: BytecodeJob = { classpath: [], className: params.jdkClass, jdk: s.javaHome || undefined, jdkClass: true, samples: lineSamples(params.jdkClass) };
        const r = await runJob<BytecodeListings>(jobUrl(import.meta.url, 'bytecode-worker'), job).result;
        return { className: params.jdkClass, original: r.original, transformed: r.transformed, margin: r.margin, focusLine: null, marginNote: marginNote() };
      }
      if (!params.uri) throw new Error('no file given');
      const file = toPath(params.uri);
      const doc = documents.get(params.uri);
      const text = doc?.getText() ?? (file ? await readFile(file, 'utf8') : '');
      const src = scanJava(text);
      const cls = classAtLine(src, params.line) ?? src.classes[0];
      if (!cls) throw new Error('no class declaration found in this file');
      const s = await readSettings();
      const plan = planClasspath({ file, packageName: src.packageName, workspaceFolders: folders, javaClasspath: params.javaClasspath, settingsClasspath: s.classpath });
      let classpath: string[];
      if (plan.kind === 'compile') {
        const c = await compileJavaFile({ file: plan.file, sourceRoot: plan.sourceRoot, classpath: plan.extra, javaHome: s.javaHome });
        if (!c.ok) throw new Error(`javac failed:\n${c.output}`);
        classpath = [c.outDir, ...plan.extra];
      } else {
        classpath = plan.entries;
      }
      const job: BytecodeJob = { classpath, className: cls.className, jdk: s.javaHome || undefined, samples: lineSamples(cls.className) };
      const r = await runJob<BytecodeListings>(jobUrl(import.meta.url, 'bytecode-worker'), job).result;
      // Open at the method under the cursor: the class file's method whose declaration it is.
      const decl = methodAtLine(src, params.line);
      const at = decl && decl.className === cls.className ? r.methods.find((m) => findDeclaration(src.methods, cls.className, m.name, m.descriptor) === decl) : undefined;
      return { className: cls.className, original: r.original, transformed: r.transformed, margin: r.margin, focusLine: at?.line ?? null, marginNote: marginNote() };
    } catch (e) {
      return fail(e);
    }
  });

  documents.listen(connection);
  connection.listen();
}
