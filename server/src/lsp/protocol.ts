// The Komorium language-server protocol: custom requests and notifications between the
// language server (server/src/lsp) and the thin VS Code client (client/). Pure types and method
// names, imported by both sides. Positions are 0-based like LSP; `sourceLine` fields are the
// 1-based lines of the class file's LineNumberTable.

import type { DiffPayload } from '../profile/diff-view';
import type { SavedRun } from './saved-runs';

// ---------------------------------------------------------------- client → server requests

/** Start a profiled run. The server resolves the main class, class path and settings. */
export const StartRunRequest = 'komorium/startRun';
export interface StartRunParams {
  /** The active editor's file (used for the main class, the project root and single-file runs). */
  uri?: string;
  /** Explicit main class (launch configuration or pick list). */
  mainClass?: string;
  args?: string[];
  vmArgs?: string[];
  /** Explicit class path entries (launch configuration `classPaths`). */
  classPaths?: string[];
  /** The class path vscode-java reported for the file's project, when that extension is installed. */
  javaClasspath?: string[];
  cwd?: string;
  env?: Record<string, string>;
  /** A name for the run (launch configuration name). */
  name?: string;
  /** Profile a JUnit test (the Profile Test lens): a test class, or one of its methods; `uri` is its file. */
  test?: { className: string; method?: string };
  /** A baseline profile to compare the run's profile with (the launch configuration's remembered one). */
  baseline?: string;
  /**
   * An exact profile (Komorium: Run with Profile (Exact)): the embedded engine counts every
   * bytecode per context and line (`komorium run --exact`), whatever `komorium.engine` says.
   */
  exact?: boolean;
}
export interface StartRunResult {
  runId: number;
  mainClass: string;
  classpath: string[];
  /** Where the class path came from: launch, vscode-java, maven, gradle, settings, javac. */
  classpathSource: string;
  engine: string;
  /** Notes on how the class path was found (e.g. a missing build output, so javac compiles the file). */
  notes?: string[];
}

export const CancelRunRequest = 'komorium/cancelRun';
export interface CancelRunParams {
  /** Default: the current run. */
  runId?: number;
}

/** Main classes found in the workspace (source scan), the active file's first. */
export const FindMainClassesRequest = 'komorium/findMainClasses';
export interface FindMainClassesParams {
  uri?: string;
  /**
   * Only when the file declares none: the workspace's main classes (`all`). Run with Profile
   * sets it (it uses `all` only then), so a run of a file with a main method does not wait for a
   * walk of the workspace; `all` is then empty.
   */
  allOnlyIfNoneInFile?: boolean;
}
export interface MainClassInfo {
  mainClass: string;
  uri: string;
}
export interface FindMainClassesResult {
  /** Main classes declared in the active file. */
  inFile: MainClassInfo[];
  all: MainClassInfo[];
}

export const LoadProfileRequest = 'komorium/loadProfile';
export interface LoadProfileParams {
  path: string;
}

export const ClearProfileRequest = 'komorium/clearProfile';

/** Compare the current profile with a saved one (null: stop comparing). */
export const CompareBaselineRequest = 'komorium/compareBaseline';
export interface CompareBaselineParams {
  path: string | null;
}
/**
 * client → server: the user opened Compare with Baseline… (before picking the file): the server
 * collects the current profile's side of a diff now, in the background, and from then on for
 * each profile opened (diff-side-cache.ts), so that the comparison only merges.
 */
export const PrepareCompareNotification = 'komorium/prepareCompare';

export interface CompareBaselineResult {
  baseTitle: string;
  baseBytecodes: number;
  newBytecodes: number;
  warnings: string[];
}

export const ExportProfileRequest = 'komorium/exportProfile';
export interface ExportProfileParams {
  format: 'collapsed' | 'speedscope' | 'cpuprofile' | 'pprof' | 'callgrind' | 'hprof' | 'json';
  path: string;
}

/** Where a profile method's source is in the workspace (for the flame graph's "open"). */
export const ResolveSourceRequest = 'komorium/resolveSource';
export interface ResolveSourceParams {
  className: string;
  methodName: string;
  descriptor: string;
  sourceFile: string | null;
  /** 1-based source line; 0 = unknown (the method's declaration is used). */
  line: number;
}
export interface ResolveSourceResult {
  /** A workspace file, or a `komorium-jdk:/<src.zip entry>` document (read it with JdkSourceRequest). */
  uri: string;
  /** 0-based. */
  line: number;
  /** workspace (default), jdk (the JDK's src.zip), bytecode (a JDK class without source: ask BytecodeRequest with jdkClass). */
  kind?: 'workspace' | 'jdk' | 'bytecode';
}

/** The scheme of read-only JDK source documents. */
export const JDK_SOURCE_SCHEME = 'komorium-jdk';

/** The text of a JDK source (`komorium-jdk:` documents): an entry of the JDK's lib/src.zip, nothing else. */
export const JdkSourceRequest = 'komorium/jdkSource';
export interface JdkSourceParams {
  /** The src.zip entry, e.g. `java.base/java/lang/String.java`. */
  entry: string;
}

/** Disassembly of the class at a position: original and transformed listings. */
export const BytecodeRequest = 'komorium/bytecode';
export interface BytecodeParams {
  /** The Java file (ignored with `jdkClass`). */
  uri?: string;
  /** 0-based line of the cursor. */
  line: number;
  javaClasspath?: string[];
  /** A JDK class by binary name (a profile frame without source): its listing instead. */
  jdkClass?: string;
}
export interface BytecodeResult {
  className: string;
  original: string;
  transformed: string;
  /**
   * The margin of `original`: [0-based line, self samples, source line] at the first instruction
   * of each source line with samples in the current profile (bytecode-margin.ts).
   */
  margin: [number, number, number][];
  /** The line of `original` where the method under the cursor starts, or null. */
  focusLine: number | null;
  /** What the margin shows (the profile's program and engine), or null without a profile. */
  marginNote: string | null;
}

/** The workspace's saved runs (the Komorium Profiles view), newest first. */
export const ListRunsRequest = 'komorium/listRuns';
export interface ListRunsResult {
  /** The profiles folder. */
  dir: string;
  runs: SavedRun[];
}
export type { SavedRun };

/** Give a saved run a name ('' = back to the program's). */
export const RenameRunRequest = 'komorium/renameRun';
export interface RenameRunParams {
  file: string;
  name: string;
}

/** Delete a saved run and its profile file. */
export const DeleteRunRequest = 'komorium/deleteRun';
export interface DeleteRunParams {
  file: string;
}

/** The argument of a code lens's command (`komorium.showFlameGraph`): the method to focus on. */
export interface FocusMethodArgs {
  className: string;
  methodName: string;
  descriptor: string;
}

/** The current profile's raw JSON (for the flame graph), or null. */
export const CurrentProfileRequest = 'komorium/currentProfile';

// ---------------------------------------------------------------- client → server notifications

export const StdinNotification = 'komorium/stdin';
export interface StdinParams {
  runId: number;
  data: string;
  /** End of input (Ctrl-D). */
  end?: boolean;
}

// ---------------------------------------------------------------- server → client notifications

export const ProgressNotification = 'komorium/progress';
export interface ProgressParams {
  runId: number;
  phase: 'preparing' | 'running' | 'finishing';
  /**
   * Totals of the last live snapshot sent to the client (live-numbers.ts: the numbers the flame
   * graph shows for it); 0 before the first one (`snapshot` false).
   */
  bytecodes: number;
  samples: number;
  /** True once a live snapshot has been shown: the numbers are that snapshot's. */
  snapshot?: boolean;
  /** An exact run: no live snapshots, the totals come with the profile at the end. */
  exact?: boolean;
  /** The snapshot's meta.engine and meta.scope. */
  engine?: string;
  scope?: string;
  elapsedMs: number;
}

export const OutputNotification = 'komorium/output';
export interface OutputParams {
  runId: number;
  /** stdout/stderr: the program's; log: Komorium's own messages about the run. */
  stream: 'stdout' | 'stderr' | 'log';
  text: string;
}

export const RunEndedNotification = 'komorium/runEnded';
export interface RunEndedParams {
  runId: number;
  exitCode: number | null;
  signal: string | null;
  cancelled: boolean;
  error?: string;
  profilePath: string | null;
  elapsedMs: number;
  /** The end of the program's output (stdout and stderr interleaved, at most a few KB). */
  outputTail: string;
  /** The program never started (compile errors, cancelled while preparing): no profile, no panel. */
  notStarted?: boolean;
}

/** The profile changed (a live snapshot, a finished run, a loaded file, or cleared). */
export const ProfileNotification = 'komorium/profile';
export interface ProfileParams {
  /** The profile JSON (docs/PROFILE_FORMAT.md): a loaded file's text as a string (the server
   *  does not parse it on its thread), a live snapshot's parsed value, or null when cleared.
   *  Left out (undefined) when `sameProfile` is set. */
  profile: unknown;
  /** The server's number of the profile JSON sent (the same while only its diff changes). */
  profileId?: number;
  /** Only the diff (set or cleared) changed: `profile` is left out, it is the one the last
   *  notification with this `profileId` carried (Compare with Baseline… does not send the shown
   *  profile's text again). A client that does not have it asks for komorium/currentProfile. */
  sameProfile?: true;
  live: boolean;
  title: string;
  summary: ProfileSummary | null;
  /** The differential view against the baseline, when one is set (profile/diff-view.ts; the flame graph's part: no method and line deltas). */
  diff?: DiffPayload;
}
export interface ProfileSummary {
  program: string;
  engine: string;
  /** meta.scope: `all`, `app`, … */
  scope?: string;
  samples: number;
  bytecodes: number;
  threads: number;
  methods: number;
  path: string | null;
}

/** The saved runs changed (a run ended, one was renamed or deleted): `ListRunsResult`. */
export const RunsChangedNotification = 'komorium/runsChanged';

/** Per-document hotness for the editor's decorations. Sent for each open document that has any (and an empty one to clear). */
export const HotnessNotification = 'komorium/hotness';

export interface HotStat {
  /** Percent of all samples (0..100). */
  selfPct: number;
  totalPct: number;
  selfSamples: number;
  totalSamples: number;
  /** Estimated bytecodes: samples × (exact total bytecodes / total samples). */
  selfBytecodes: number;
  totalBytecodes: number;
}

export interface LineHotness extends HotStat {
  /** 0-based editor line. */
  line: number;
  /** Against the baseline (Compare with Baseline…): `+12.3% (+1.2M bytecodes)`. */
  delta?: string;
}

export interface MethodHotness extends HotStat {
  className: string;
  name: string;
  descriptor: string;
  /** `Class.method(int, String)`. */
  label: string;
  /** 0-based line and column of the declaration's name; null when not found in the source. */
  line: number | null;
  col: number;
  /** Against the baseline: `+12.3% (+1.2M bytecodes)`. */
  delta?: string;
}

export interface DocumentHotness {
  uri: string;
  live: boolean;
  /** Totals of the whole profile. */
  samples: number;
  bytecodes: number;
  lines: LineHotness[];
  methods: MethodHotness[];
}
