// The HotSpot engine behind the engine-run interface (run.ts): the class path is prepared in a
// worker thread (hotspot-prepare.ts: runtime build, transform, main-class check), then `java`
// runs the program on its own class path (hotspot-classes.ts) as a child process with piped stdio. Live snapshots (komorium.live) are polled from a
// temporary file; cancel() sends SIGTERM so the JVM's shutdown hook writes the profile of what
// ran so far (SIGKILL after a grace period, then the last live snapshot stands in for it). The
// runtime writes the profile to a staging file that replaces the target only at the end
// (profile-out.ts).

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runtimeSystemProperties } from '../runtime/contract';
import { jdkImageFor, PrepareError, type HotSpotPrepared } from './hotspot-prepare';
import { writableCacheRoot } from './cache';
import { hotspotArgv } from './hotspot-classes';
import { NO_LIVE_PROPS } from './hotspot-argv';
import { registerEngine, type ProfileRun, type RunOptions, type RunOutcome, type RunProgress } from './run';
import { discardPreparedJob, hasPreparedJob, jobUrl, prepareJob, runJob, JobError, type JobHandle } from './worker-thread';
import { readLive, startLivePolling, totalsOf, type LiveState } from './live-file';
import { defaultHotSpotScope } from './jdk-modules';
import { commitProfile, stageProfile, writeFileAtomic } from './profile-out';
import { runTrace } from './run-trace';

/** How long a cancelled JVM may take to write its profile before it is killed. */
const KILL_GRACE_MS = 5000;

export function startHotSpotRun(o: RunOptions): ProfileRun {
  const cwd = resolve(o.cwd ?? process.cwd());
  const profilePath = resolve(cwd, o.profilePath);
  const liveDir = mkdtempSync(join(tmpdir(), 'komorium-live-'));
  const live: LiveState = { file: join(liveDir, 'live.json'), mtimeMs: 0, size: -1 };
  let cancelled = false;
  let prepJob: JobHandle<HotSpotPrepared> | undefined;
  let child: ChildProcess | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  let finished = false;
  const pendingStdin: (string | Buffer)[] = [];
  let stdinEnded = false;
  let progress: RunProgress = { bytecodes: 0, samples: 0, elapsedMs: 0, phase: 'preparing' };
  let startedAt = 0;

  const emitProgress = (p: Partial<RunProgress>) => {
    if (finished) return;
    progress = { ...progress, ...p };
    o.onProgress?.(progress);
  };
  const log = (line: string) => {
    if (!finished) o.onLog?.(line);
  };
  const trace = runTrace(log, 'hotspot');
  let snapshots = 0;

  const pollLive = () => {
    if (finished) return;
    const json = readLive(live);
    const elapsedMs = startedAt ? Date.now() - startedAt : 0;
    if (json !== undefined) {
      if (snapshots++ === 0) trace('first live snapshot read');
      o.onSnapshot?.(json);
      emitProgress({ ...totalsOf(json), elapsedMs });
    } else {
      emitProgress({ elapsedMs });
    }
  };

  const run = async (): Promise<RunOutcome> => {
    const base = { profilePath: null, cancelled: false, exitCode: null, signal: null, elapsedMs: 0 };
    emitProgress({ phase: 'preparing' });
    let prepared: HotSpotPrepared;
    let all = false;
    try {
      // The scope: asked for (`instrument`), else the default (jdk-modules.ts), which falls back
      // to `app` with a note when the instrumented JDK cannot be built or does not start.
      const chosen = o.instrument !== 'all' && o.instrument !== 'app';
      const byDefault = chosen ? defaultHotSpotScope(o.jdk) : undefined;
      if (byDefault?.note) log(`komorium: note: ${byDefault.note}`);
      const prep = { classpath: o.classpath, mainClass: o.mainClass, cwd, jdk: o.jdk, maxPath: o.maxPath, cache: writableCacheRoot(log) };
      // The JDK's modules (built in worker threads the first time on a JDK, then cached).
      const jdkImage = await jdkImageFor({ ...prep, log }, { all: (byDefault?.scope ?? o.instrument) === 'all', chosen });
      all = jdkImage !== undefined;
      trace(`scope ${all ? 'all, the instrumented JDK found' : 'app'}`);
      for (const f of jdkImage?.failed ?? []) log(`warning: ${f.name} was not transformed (${f.error})`);
      if (cancelled) return { ...base, cancelled: true, error: 'cancelled before the program started' };
      prepJob = runJob<HotSpotPrepared>(prepareWorker(), { ...prep, instrument: all ? 'all' : 'app', jdkImage: jdkImage?.home });
      prepared = await prepJob.result;
      trace(`class path prepared in a worker (${prepared.classes} classes, ${prepared.reused} from the cache)`);
    } catch (e) {
      if (cancelled) return { ...base, cancelled: true, error: 'cancelled before the program started' };
      const err = e as Error;
      const detail = (err instanceof JobError && err.errorName === 'PrepareError') || err instanceof PrepareError ? err.message : `preparing the run failed: ${err.message}`;
      return { ...base, error: detail };
    }
    try {
      for (const w of prepared.warnings.slice(0, 20)) log(`warning: ${w}`);
      if (prepared.warnings.length > 20) log(`warning: ... and ${prepared.warnings.length - 20} more`);
      if (cancelled) return { ...base, cancelled: true, error: 'cancelled before the program started' };
      const staged = stageProfile(profilePath);
      const props = runtimeSystemProperties({
        out: staged.staging,
        engine: 'hotspot',
        scope: all ? 'all' : 'app',
        ...(all ? { startup: 'excluded' } : {}),
        program: o.mainClass,
        args: o.args,
        // Empty for the default: the same keys in every run (hotspot-argv.ts cliRunProps).
        granularity: o.granularity ?? '',
        random: o.random ?? '',
        seed: o.seed ?? '',
      });
      // Both keys in every run, empty without live snapshots (hotspot-argv.ts NO_LIVE_PROPS).
      if (o.liveIntervalMs && o.liveIntervalMs > 0) props.push(`-Dkomorium.live=${live.file}`, `-Dkomorium.liveInterval=${Math.max(20, Math.round(o.liveIntervalMs))}`);
      else props.push(...NO_LIVE_PROPS);
      const argv = hotspotArgv({
        argFile: join(prepared.outDir, 'jvm.args'),
        engineArgs: prepared.vmArgs,
        props,
        vmArgs: o.vmArgs ?? [],
        classpath: prepared.classpath,
        mainClass: o.mainClass,
        args: o.args,
      });
      return await new Promise<RunOutcome>((res) => {
        const c = spawn(prepared.java, argv, { cwd, env: { ...process.env, ...(o.env ?? {}) }, stdio: ['pipe', 'pipe', 'pipe'] });
        child = c;
        startedAt = Date.now();
        trace('java started');
        emitProgress({ phase: 'running', elapsedMs: 0 });
        const stopPolling = startLivePolling(pollLive, () => snapshots > 0);
        let firstOut = true;
        c.stdout!.on('data', (b: Buffer) => {
          if (firstOut) trace('first output');
          firstOut = false;
          if (!finished) o.onStdout?.(b);
        });
        c.stderr!.on('data', (b: Buffer) => !finished && o.onStderr?.(b));
        c.stdin!.on('error', () => {}); // EPIPE when the program exits without reading
        for (const d of pendingStdin) c.stdin!.write(d);
        if (stdinEnded) c.stdin!.end();
        let spawnError: string | undefined;
        c.on('error', (e) => {
          spawnError = `cannot run ${prepared.java}: ${e.message}`;
        });
        c.on('close', (code, signal) => {
          stopPolling();
          if (killTimer) clearTimeout(killTimer);
          const elapsedMs = Date.now() - startedAt;
          emitProgress({ phase: 'finishing', elapsedMs });
          pollLive();
          let written = commitProfile(staged);
          if (!written && cancelled && existsSync(live.file)) {
            // Killed before it could write: the last live snapshot is what we have.
            try {
              writeFileAtomic(profilePath, readFileSync(live.file));
              written = true;
            } catch {
              // no profile
            }
          }
          const out: RunOutcome = { exitCode: code, signal, profilePath: written ? profilePath : null, cancelled, elapsedMs };
          if (spawnError) out.error = spawnError;
          else if (!written) out.error = `no profile was written (the JVM ${signal ? `was killed by ${signal}` : `exited with code ${code}`})`;
          res(out);
        });
      });
    } finally {
      rmSync(prepared.outDir, { recursive: true, force: true });
    }
  };

  const done = run()
    .catch((e: Error): RunOutcome => ({ exitCode: null, signal: null, profilePath: null, cancelled, error: `the run failed: ${e.message}`, elapsedMs: 0 }))
    .then((r) => {
      finished = true;
      rmSync(liveDir, { recursive: true, force: true });
      return r;
    });

  return {
    done,
    cancel(signal) {
      if (cancelled || finished) return;
      cancelled = true;
      prepJob?.terminate();
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill(signal ?? 'SIGTERM');
        killTimer = setTimeout(() => child?.kill('SIGKILL'), KILL_GRACE_MS);
      }
    },
    writeStdin(data) {
      if (stdinEnded) return;
      if (child) child.stdin?.write(data);
      else pendingStdin.push(data);
    },
    endStdin() {
      if (stdinEnded) return;
      stdinEnded = true;
      child?.stdin?.end();
    },
  };
}

const prepareWorker = (): URL => jobUrl(import.meta.url, 'hotspot-worker');

/**
 * Starts the worker of the next run's preparation ahead (worker-thread.ts prepareJob): the
 * language server does while a Java file is open, so that Run with Profile does not wait for
 * the worker to start and load the transformer.
 */
export function prepareHotSpot(): void {
  prepareJob(prepareWorker());
}

/** True when a preparation worker waits (tests). */
export function hasPreparedHotSpot(): boolean {
  return hasPreparedJob(prepareWorker());
}

/** Terminates the waiting preparation worker, if any. */
export function discardPreparedHotSpot(): void {
  discardPreparedJob(prepareWorker());
}

registerEngine('jvm', startHotSpotRun, prepareHotSpot);
