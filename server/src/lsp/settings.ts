// The `komorium.*` settings as the server uses them (package.json `contributes.configuration`
// declares them for the editor). Values of the wrong type fall back to the defaults.

export interface KomoriumSettings {
  /** JDK home; '' = JAVA_HOME, then java on PATH. */
  javaHome: string;
  /** 'auto' (the default engine, engine/run.ts), 'jvm' or 'interpreter'. */
  engine: string;
  /** What is instrumented: 'auto' (the engine's default: the JDK too, HotSpot falling back to 'app' with a note), 'all' or 'app'. */
  instrument: 'auto' | 'all' | 'app';
  granularity: number;
  randomization: number;
  seed: number;
  classpath: string[];
  vmArgs: string[];
  /** Program arguments. */
  args: string[];
  /** Milliseconds between live updates during a run; 0 = only at the end. */
  liveUpdateInterval: number;
  codeLens: boolean;
  /** The embedded JVM's clock: 'real' or 'virtual' (interp/clock.ts). */
  clock: 'real' | 'virtual';
  /** `komorium.test.classPath`: extra jars and folders for Profile Test (after the project's classes). */
  testClassPath: string[];
  /** `komorium.test.junitJar`: the JUnit Platform console launcher jar; '' = Debian's /usr/share/java one. */
  junitJar: string;
  /** `komorium.profiles.keep`: how many runs the Komorium Profiles view keeps. */
  profilesKeep: number;
}

export const DEFAULT_SETTINGS: KomoriumSettings = {
  javaHome: '',
  engine: 'auto',
  instrument: 'auto',
  granularity: 10000,
  randomization: 100,
  seed: 1,
  classpath: [],
  vmArgs: [],
  args: [],
  liveUpdateInterval: 500,
  codeLens: true,
  clock: 'real',
  testClassPath: [],
  junitJar: '',
  profilesKeep: 20,
};

function int(v: unknown, def: number, min: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min ? v : def;
}

function strings(v: unknown): string[] | undefined {
  if (typeof v === 'string') return v.trim() ? v.trim().split(/\s+/) : [];
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}

export function normalizeSettings(raw: unknown): KomoriumSettings {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const d = DEFAULT_SETTINGS;
  return {
    javaHome: typeof r.javaHome === 'string' ? r.javaHome : d.javaHome,
    engine: typeof r.engine === 'string' && r.engine ? r.engine : d.engine,
    instrument: r.instrument === 'all' || r.instrument === 'app' || r.instrument === 'auto' ? r.instrument : d.instrument,
    granularity: int(r.granularity, d.granularity, 1),
    randomization: int(r.randomization, d.randomization, 0),
    seed: typeof r.seed === 'number' && Number.isSafeInteger(r.seed) ? r.seed : d.seed,
    classpath: strings(r.classpath) ?? d.classpath,
    vmArgs: strings(r.vmArgs) ?? d.vmArgs,
    args: strings(r.args) ?? d.args,
    liveUpdateInterval: r.liveUpdateInterval === 0 ? 0 : int(r.liveUpdateInterval, d.liveUpdateInterval, 100),
    codeLens: typeof r.codeLens === 'boolean' ? r.codeLens : d.codeLens,
    clock: r.clock === 'virtual' || r.clock === 'real' ? r.clock : d.clock,
    testClassPath: strings(testOf(r).classPath) ?? d.testClassPath,
    junitJar: typeof testOf(r).junitJar === 'string' ? (testOf(r).junitJar as string) : d.junitJar,
    // VS Code nests dotted keys (`profiles.keep` → {profiles: {keep}}).
    profilesKeep: int((r.profiles as { keep?: unknown } | undefined)?.keep ?? r['profiles.keep'], d.profilesKeep, 1),
  };
}

/** `komorium.test` as an object (VS Code gives nested settings as objects). */
function testOf(r: Record<string, unknown>): Record<string, unknown> {
  const t = r.test;
  return typeof t === 'object' && t !== null ? (t as Record<string, unknown>) : {};
}
