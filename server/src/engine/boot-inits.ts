// The classes java initialises before the launcher's LauncherHelper (the JDK's boot), in order,
// from a trial run of the JDK's own `java` (-Xlog:class+init) on a generated hello world: the
// embedded engine initialises those its own boot left out before the count starts
// (interp-worker.ts, with the JDK instrumented), so that their <clinit>s do not run as the
// program's work on it alone (issue 15: HotSpot initialises MethodHandleNatives and the rest of
// java.lang.invoke's core while it creates the VM; the embedded engine did at the first lambda,
// under main). Cached per JDK (home, `release`, size and mtime of lib/modules) under
// `<cache>/boot-inits`; a failed trial run gives an empty list (nothing added).
//
// The trial runs java as the embedded engine is, where the two differ in what the VM itself
// initialises: without VM continuations on JDK 21+ (`-XX:-VMContinuations`; the embedded engine
// binds each virtual thread to a thread of its own, misc/VM.ts `isSupported0` false). HotSpot
// with continuations initialises `jdk.internal.vm.Continuation` at the end of create_vm
// (`Continuations::enabled()`), and that `<clinit>` throws where they are not supported
// ("VM does not support continuations"): on JDK 25 the list had Continuation, ContinuationSupport,
// StackChunk and Continuation$Pinned, and the embedded boot failed.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { featureOfHome } from '../classpath/jdk';
import { helloClass } from './jdk-classlist';

/** The class the launcher initialises first: what java initialised before it is the boot. */
const LAUNCHER = 'sun/launcher/LauncherHelper';

/** The names (internal form) of `-Xlog:class+init=info` output initialised before LauncherHelper; hidden classes left out. */
export function parseBootInits(log: string): string[] {
  const out: string[] = [];
  for (const m of log.matchAll(/Initializing '([^']+)'/g)) {
    const name = m[1]!;
    if (name === LAUNCHER) return out;
    if (!name.includes('/0x') && !name.includes('$$Lambda')) out.push(name);
  }
  return out;
}

/**
 * The trial's VM options that make java's VM initialise what the embedded engine's does: no VM
 * continuations from JDK 21 (an experimental flag there; 17 has no continuations).
 */
export function trialOptions(feature: number | undefined): string[] {
  return feature !== undefined && feature >= 21 ? ['-XX:+UnlockExperimentalVMOptions', '-XX:-VMContinuations'] : [];
}

function jdkKey(home: string, options: readonly string[]): string {
  const h = createHash('sha256').update(home);
  if (options.length > 0) h.update(`\0${options.join(' ')}`);
  for (const f of [join(home, 'release'), join(home, 'lib', 'modules')]) {
    if (!existsSync(f)) continue;
    const s = statSync(f);
    h.update(`\0${s.size}\0${s.mtimeMs}`);
  }
  if (existsSync(join(home, 'release'))) h.update(readFileSync(join(home, 'release')));
  return h.digest('hex').slice(0, 24);
}

/** The classes `home`'s java initialises during its boot (cached under `cacheDir`). */
export function bootInitializedClasses(home: string, cacheDir: string): string[] {
  const options = trialOptions(featureOfHome(home));
  const file = join(cacheDir, `${jdkKey(home, options)}.txt`);
  if (existsSync(file)) return readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0);
  const dir = mkdtempSync(join(tmpdir(), 'komorium-boot-inits-'));
  try {
    const main = 'KomoriumHello';
    writeFileSync(join(dir, `${main}.class`), helloClass(main));
    const log = join(dir, 'init.log');
    const r = spawnSync(join(home, 'bin', 'java'), [...options, `-Xlog:class+init=info:file=${log}`, '-cp', dir, main], { encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0 || !existsSync(log)) return [];
    const names = parseBootInits(readFileSync(log, 'utf8'));
    if (names.length === 0) return [];
    try {
      mkdirSync(cacheDir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, `${names.join('\n')}\n`);
      renameSync(tmp, file);
    } catch {
      // A cache that cannot be written: the list is made again next time.
    }
    return names;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
