// Profiled runs in the language server: resolving what to run (main class, class path, javac
// for single files), starting it through the engine-run interface, and turning its callbacks
// into LSP notifications (output, progress, live profiles at most every few hundred ms, run
// ended). One run at a time. Never throws out of a callback: errors end the run with a message.

import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { startRun, resolveEngine, type ProfileRun, type RunOutcome } from '../engine/run';
import { findJUnitJar, JUNIT_LAUNCHER, launcherArgs, markTestProfile, testRunClasspath, DEBIAN_JUNIT_JAR, type TestSelection } from '../engine/junit';
import { planClasspath, type ClasspathPlan } from './classpath';
import { compileJavaFile, type CompileResult } from './compile';
import { parseJavacOutput, summarizeJavac, type JavacDiagnostic } from './javac-diagnostics';
import { mainClasses, scanJava } from './java-scan';
import { numbersOfJson, type ProfileNumbers } from './live-numbers';
import type { OutputParams, ProgressParams, RunEndedParams, StartRunParams, StartRunResult } from './protocol';
import type { KomoriumSettings } from './settings';
import { runTrace } from '../engine/run-trace';

/** A problem with what the user asked for, reported as the request's error message. */
export class RunRequestError extends Error {
  override readonly name = 'RunRequestError';
}

export interface RunHost {
  settings(): Promise<KomoriumSettings>;
  workspaceFolders(): string[];
  /** Where profiles are written (default: profileDir(), a temporary folder). */
  profilesDir?(): string;
  /** Text of an open document, or undefined (then the file is read from disk). */
  openText(file: string): string | undefined;
  output(p: OutputParams): void;
  progress(p: ProgressParams): void;
  /** A live snapshot (raw profile JSON) of the current run; false when it was not shown (invalid). */
  snapshot(runId: number, raw: unknown, title: string): boolean | void;
  ended(p: RunEndedParams, title: string): void;
  /**
   * The compile problems of each file javac was asked about (an empty list clears a file's
   * earlier problems): shown in the Problems panel.
   */
  compileProblems?(byFile: ReadonlyMap<string, readonly JavacDiagnostic[]>): void;
}

interface ActiveRun {
  id: number;
  handle: ProfileRun | undefined;
  cancelled: boolean;
  /** Input typed before the program started (while compiling or preparing). */
  input: string[];
  inputEnded: boolean;
}

const TAIL = 4096;
const MIN_SNAPSHOT_GAP_MS = 300;
/** Progress without a new snapshot (the elapsed time ticking) at most this often. */
const MIN_PROGRESS_GAP_MS = 250;

export function profileDir(): string {
  return join(tmpdir(), 'komorium-profiles');
}

export class RunController {
  private nextId = 1;
  private active: ActiveRun | undefined;
  /** Files that have compile problems shown (cleared by the next compile). */
  private problemFiles = new Set<string>();

  constructor(private readonly host: RunHost) {}

  get running(): boolean {
    return this.active !== undefined;
  }

  private async fileText(file: string): Promise<string | undefined> {
    return this.host.openText(file) ?? (await readFile(file, 'utf8').catch(() => undefined));
  }

  async start(params: StartRunParams, file: string | undefined): Promise<StartRunResult> {
    if (this.active) throw new RunRequestError('a profiled run is already in progress; stop it first (Komorium: Stop)');
    // The trace's lines go to the run's log once it has an id; its clock starts at the request.
    const early: string[] = [];
    let traceLog = (line: string): void => void early.push(line);
    const trace = runTrace((line) => traceLog(line), 'server');
    const settings = await this.host.settings();
    trace('settings read');
    let engine: string;
    try {
      // Exact profiles are made by the embedded engine alone (interp/exact.ts).
      engine = params.exact ? 'interpreter' : resolveEngine(settings.engine, { jdk: settings.javaHome || undefined, embeddedOnly: settings.clock === 'virtual' });
    } catch (e) {
      throw new RunRequestError(`komorium.engine: ${(e as Error).message}`);
    }
    const text = file ? await this.fileText(file) : undefined;
    const src = text !== undefined ? scanJava(text) : undefined;
    let mainClass = params.mainClass;
    let test: { selection: TestSelection; jar: string } | undefined;
    if (params.test) {
      const jar = findJUnitJar(settings.junitJar || undefined);
      if (!jar) throw new RunRequestError(`the JUnit Platform console launcher was not found${settings.junitJar ? ` at ${settings.junitJar}` : ''}: install Debian's junit5 (${DEBIAN_JUNIT_JAR}) or set komorium.test.junitJar to junit-platform-console-standalone.jar`);
      const t = params.test;
      test = { jar, selection: t.method ? { methods: [`${t.className}#${t.method}`], classes: [] } : { methods: [], classes: [t.className] } };
      mainClass = JUNIT_LAUNCHER;
    }
    if (!mainClass) {
      const mains = src ? mainClasses(src) : [];
      if (mains.length === 0) throw new RunRequestError(file ? `${basename(file)} has no main method; choose a main class` : 'no main class given');
      mainClass = mains[0]!;
    }
    const plan = planClasspath({
      file,
      packageName: src?.packageName,
      workspaceFolders: this.host.workspaceFolders(),
      launchClassPaths: params.classPaths,
      javaClasspath: params.javaClasspath,
      settingsClasspath: test ? [...settings.classpath, ...settings.testClassPath] : settings.classpath,
    });
    if (test && plan.kind === 'compile') plan.extra.push(test.jar);
    trace(`main class and class path found (${plan.kind})`);
    const id = this.nextId++;
    const run: ActiveRun = { id, handle: undefined, cancelled: false, input: [], inputEnded: false };
    this.active = run;
    const simple = (c: string) => c.slice(c.lastIndexOf('.') + 1);
    const title = params.name ?? (params.test ? `${simple(params.test.className)}${params.test.method ? `.${params.test.method}` : ''}` : mainClass);
    const classpath = plan.kind === 'ready' ? plan.entries : [plan.file, ...plan.extra];
    // The run starts after the answer is on its way: the client drops notifications of a run
    // it does not know yet (with a compile that is fresh or shared, the first log lines came
    // before the answer). The plan's notes go back with the answer for the same reason.
    setImmediate(() => {
      traceLog = (line) => this.host.output({ runId: id, stream: 'log', text: `${line}\n` });
      for (const line of early) traceLog(line);
      void this.execute(run, plan, mainClass, params, settings, engine, title, trace, test);
    });
    return { runId: id, mainClass, classpath, classpathSource: plan.source, engine, notes: plan.notes };
  }

  /**
   * Compiles `file` ahead when a run of it would compile it with javac (no project class path):
   * the language server calls this when a Java file is opened or saved, so that Run with Profile
   * finds its classes fresh (compile-cache.ts) and starts at once. Silent (a run reports javac's
   * problems); nothing while a run is active (its classes may still be loading from the folder).
   */
  async precompile(file: string): Promise<CompileResult | undefined> {
    if (this.active) return undefined;
    const settings = await this.host.settings();
    const text = await this.fileText(file);
    if (text === undefined || this.active) return undefined;
    const src = scanJava(text);
    if (mainClasses(src).length === 0) return undefined;
    const plan = planClasspath({ file, packageName: src.packageName, workspaceFolders: this.host.workspaceFolders(), settingsClasspath: settings.classpath });
    if (plan.kind !== 'compile') return undefined;
    return compileJavaFile({ file: plan.file, sourceRoot: plan.sourceRoot, classpath: plan.extra, javaHome: settings.javaHome });
  }

  /** Shows javac's problems by file, and clears those of files that have none now. */
  private reportProblems(diags: readonly JavacDiagnostic[]): void {
    const byFile = new Map<string, JavacDiagnostic[]>();
    for (const f of this.problemFiles) byFile.set(f, []);
    for (const d of diags) {
      const f = resolve(d.file);
      if (!byFile.has(f)) byFile.set(f, []);
      byFile.get(f)!.push({ ...d, file: f });
    }
    this.problemFiles = new Set([...byFile].filter(([, l]) => l.length > 0).map(([f]) => f));
    if (byFile.size > 0) this.host.compileProblems?.(byFile);
  }

  private async execute(run: ActiveRun, plan: ClasspathPlan, mainClass: string, params: StartRunParams, settings: KomoriumSettings, engine: string, title: string, trace: (step: string) => void, test?: { selection: TestSelection; jar: string }): Promise<void> {
    const id = run.id;
    let tail = '';
    const log = (text: string) => this.host.output({ runId: id, stream: 'log', text: text.endsWith('\n') ? text : `${text}\n` });
    const end = (o: RunOutcome & { notStarted?: boolean }) => {
      if (this.active === run) this.active = undefined;
      this.host.ended({ runId: id, exitCode: o.exitCode, signal: o.signal, cancelled: o.cancelled, error: o.error, profilePath: o.profilePath, elapsedMs: o.elapsedMs, outputTail: tail, ...(o.notStarted ? { notStarted: true } : {}) }, title);
    };
    try {
      let entries: string[];
      if (plan.kind === 'compile') {
        log(`compiling ${plan.file} with javac`);
        this.host.progress({ runId: id, phase: 'preparing', bytecodes: 0, samples: 0, elapsedMs: 0 });
        const c = await compileJavaFile({ file: plan.file, sourceRoot: plan.sourceRoot, classpath: plan.extra, javaHome: settings.javaHome });
        trace(c.cached ? 'javac skipped: the classes are fresh' : 'javac done');
        const diags = parseJavacOutput(c.output);
        this.reportProblems(diags);
        if (!c.ok) {
          if (c.output) log(c.output);
          end({ exitCode: null, signal: null, profilePath: null, cancelled: false, elapsedMs: 0, error: `${summarizeJavac(diags, c.output)}\n${c.output}`, notStarted: true });
          return;
        }
        entries = [c.outDir, ...plan.extra];
      } else {
        entries = plan.entries;
      }
      if (run.cancelled) {
        end({ exitCode: null, signal: null, profilePath: null, cancelled: true, elapsedMs: 0, error: 'cancelled before the program started', notStarted: true });
        return;
      }
      if (test) entries = testRunClasspath(test.jar, entries);
      log(`running ${mainClass} on the ${engine} engine${params.exact ? ' (exact profile: every bytecode counted, JDK and program)' : ''}; class path (${plan.source}): ${entries.join(' ')}`);
      const dir = this.host.profilesDir?.() ?? profileDir();
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const profilePath = join(dir, `${test ? title : mainClass}-${stamp}.json`);
      let lastSnapshot = 0;
      let lastProgress = 0;
      // The numbers shown during the run are those of the last snapshot the client got (the
      // flame graph shows that snapshot): one source for the status bar and the footer.
      let shown: ProfileNumbers | null = null;
      const progress = (phase: ProgressParams['phase'], elapsedMs: number) => {
        lastProgress = Date.now();
        this.host.progress({ runId: id, phase, elapsedMs, samples: shown?.samples ?? 0, bytecodes: shown?.bytecodes ?? 0, snapshot: shown !== null, ...(shown ? { engine: shown.engine, scope: shown.scope } : {}), ...(params.exact ? { exact: true } : {}) });
      };
      let engineElapsed = 0;
      let engineAt = 0;
      trace('engine run starting');
      const handle = startRun({
        engine,
        classpath: entries,
        mainClass,
        args: test ? launcherArgs(test.selection) : (params.args ?? settings.args),
        vmArgs: [...settings.vmArgs, ...(params.vmArgs ?? [])],
        cwd: params.cwd || plan.projectRoot,
        env: params.env,
        profilePath,
        granularity: settings.granularity,
        random: settings.randomization,
        seed: settings.seed,
        jdk: settings.javaHome || undefined,
        liveIntervalMs: settings.liveUpdateInterval,
        clock: settings.clock,
        // The editor runs again: the embedded engine's second run restores the booted JDK.
        bootSnapshotAtFirstBoot: true,
        ...(params.exact ? { exact: 'all' as const } : settings.instrument !== 'auto' ? { instrument: settings.instrument } : {}),
        onStdout: (b) => {
          const text = b.toString();
          tail = (tail + text).slice(-TAIL);
          this.host.output({ runId: id, stream: 'stdout', text });
        },
        onStderr: (b) => {
          const text = b.toString();
          tail = (tail + text).slice(-TAIL);
          this.host.output({ runId: id, stream: 'stderr', text });
        },
        onLog: log,
        onProgress: (p) => {
          engineElapsed = p.elapsedMs;
          engineAt = Date.now();
          if (p.phase === 'running' && engineAt - lastProgress < MIN_PROGRESS_GAP_MS) return;
          progress(p.phase, p.elapsedMs);
        },
        onSnapshot: (raw) => {
          const now = Date.now();
          if (now - lastSnapshot < MIN_SNAPSHOT_GAP_MS) return;
          const n = numbersOfJson(raw);
          if (n === null || this.host.snapshot(id, raw, title) === false) return;
          if (lastSnapshot === 0) trace('first live snapshot shown (profile and hotness sent)');
          lastSnapshot = now;
          shown = n;
          progress('running', engineElapsed + (engineAt > 0 ? now - engineAt : 0));
        },
      });
      run.handle = handle;
      for (const d of run.input) handle.writeStdin(d);
      if (run.inputEnded) handle.endStdin();
      if (run.cancelled) handle.cancel();
      const outcome = await handle.done;
      if (test && outcome.profilePath) {
        try {
          markTestProfile(outcome.profilePath, test.selection);
        } catch (e) {
          log(`the profile could not be marked as a test profile: ${(e as Error).message}`);
        }
      }
      end(outcome);
    } catch (e) {
      end({ exitCode: null, signal: null, profilePath: null, cancelled: run.cancelled, elapsedMs: 0, error: `the run failed: ${(e as Error).message}` });
    }
  }

  /** Cancels the given run (default: the current one). Returns false when nothing was running. */
  cancel(runId?: number): boolean {
    const r = this.active;
    if (!r || (runId !== undefined && runId !== r.id)) return false;
    r.cancelled = true;
    r.handle?.cancel();
    return true;
  }

  stdin(runId: number, data: string, endInput: boolean): void {
    const r = this.active;
    if (!r || r.id !== runId) return;
    if (!r.handle) {
      if (data) r.input.push(data);
      if (endInput) r.inputEnded = true;
      return;
    }
    if (data) r.handle.writeStdin(data);
    if (endInput) r.handle.endStdin();
  }
}
