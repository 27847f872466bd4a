// The program's own inputs to the boot, applied after a boot snapshot is restored.
//
// One snapshot serves every program run with the same JDK, engine, scope and VM options: the
// class path, the working directory, the command line (main class and arguments) and the user's
// own -D properties are not part of its key. Where the new run's differ from those the snapshot
// was booted with, they are applied after the restore, before the launcher loads the main class,
// the way the boot would have left them (JDK 17 and 25 alike):
//   - the system properties (System.props) and the saved copy jdk.internal.misc.VM.savedProps:
//     user.dir, java.class.path, sun.java.command, the user's properties;
//   - user.dir where the boot cached it: StaticProperty.USER_DIR and java.io.File's file
//     system (UnixFileSystem.userDir); (sun.nio.fs is not loaded at the end of the boot);
//   - the application class loader's class path: a new URLClassPath of java.class.path (as
//     ClassLoaders.<clinit>, relative entries against the new user.dir), set by
//     BuiltinClassLoader.setClassPath.
// Properties the boot itself reads (java.*, jdk.*, sun.*, file.*, ... see isBootProperty) stay
// in the key: a run that sets one boots, or uses a snapshot booted with it.

import { InitState } from '../klass';
import type { JArray, JObject } from '../object';
import { getField, setField } from '../natives/util';
import type { VM } from '../vm';

/** What a boot snapshot is not keyed by (see above). */
export interface ProgramInputs {
  classPath: string;
  cwd: string;
  /** sun.java.command: the main class and the arguments. */
  command: string;
  /** The user's -D properties that are not boot properties, sorted by name. */
  user: [string, string][];
}

/** Name prefixes of properties the JDK's boot (or the VM) may read: part of a snapshot's key. */
const BOOT_PREFIXES = ['java.', 'javax.', 'jdk.', 'sun.', 'com.sun.', 'file.', 'line.', 'path.', 'os.', 'user.', 'native.', 'stdout.', 'stderr.', 'stdin.', 'socksProxy', 'socksNonProxy', 'http.', 'https.', 'ftp.', 'display.', 'format.'];

export function isBootProperty(name: string): boolean {
  return BOOT_PREFIXES.some((p) => name.startsWith(p));
}

/** The user's properties that key a snapshot (the rest is applied after a restore). */
export function bootProperties(props: Record<string, string>): [string, string][] {
  return Object.keys(props)
    .filter(isBootProperty)
    .sort()
    .map((k) => [k, props[k]]);
}

export function programInputs(o: { classPathString: string; cwd: string; mainClass: string; args: string[]; properties: Record<string, string> }): ProgramInputs {
  // A -D of these names wins, as in properties.ts (and keys the snapshot: isBootProperty).
  const p = o.properties;
  return {
    classPath: p['java.class.path'] ?? o.classPathString,
    cwd: p['user.dir'] ?? o.cwd,
    command: p['sun.java.command'] ?? [o.mainClass, ...o.args].join(' '),
    user: Object.keys(o.properties)
      .filter((k) => !isBootProperty(k))
      .sort()
      .map((k) => [k, o.properties[k]]),
  };
}

/** Calls a Java method on the main thread, then `then` (boot.ts launch's call). */
export type MainCall = (cls: string, name: string, desc: string, args: unknown[], then: () => void) => void;

const SET_PROPERTY = '(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;';

/**
 * Applies `to` over `from` (the snapshot's) on a restored VM, then calls `done`. Nothing runs
 * when they are equal: the restored VM is then exactly the booted one.
 */
export function applyProgram(vm: VM, from: ProgramInputs, to: ProgramInputs, call: MainCall, done: () => void): void {
  const steps: ((next: () => void) => void)[] = [];
  const saved = vm.getStatic('jdk/internal/misc/VM', 'savedProps') as JObject | null;
  const setProp = (k: string, v: JObject): void => {
    const key = vm.newString(k);
    steps.push((next) => call('java/lang/System', 'setProperty', SET_PROPERTY, [key, v], next));
    if (saved !== null) steps.push((next) => call(saved.klass.name, 'put', '(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;', [saved, key, v], next));
  };
  const clearProp = (k: string): void => {
    const key = vm.newString(k);
    steps.push((next) => call('java/lang/System', 'clearProperty', '(Ljava/lang/String;)Ljava/lang/String;', [key], next));
    if (saved !== null) steps.push((next) => call(saved.klass.name, 'remove', '(Ljava/lang/Object;)Ljava/lang/Object;', [saved, key], next));
  };

  if (to.cwd !== from.cwd) {
    const dir = vm.newString(to.cwd);
    setProp('user.dir', dir);
    steps.push((next) => {
      if (initialized(vm, 'jdk/internal/util/StaticProperty')) vm.setStatic('jdk/internal/util/StaticProperty', 'USER_DIR', dir);
      if (initialized(vm, 'java/io/File')) {
        const fileClass = vm.classes.loadBoot('java/io/File');
        const fsField = fileClass.fields.find((f) => f.isStatic && (f.name === 'fs' || f.name === 'FS'));
        const fs = fsField ? (fsField.klass.staticValues[fsField.slot] as JObject | null) : null;
        if (fs !== null) (fs as unknown as Record<string, unknown>)[vm.field(fs.klass, 'userDir').key] = dir;
      }
      next();
    });
  }
  if (to.command !== from.command) setProp('sun.java.command', vm.newString(to.command));
  const was = new Map(from.user);
  const now = new Map(to.user);
  for (const [k] of from.user) if (!now.has(k)) clearProp(k);
  for (const [k, v] of to.user) if (was.get(k) !== v) setProp(k, vm.newString(v));
  // URLClassPath resolves a relative entry against user.dir when it is made (the snapshot's
  // directory): a new directory needs a new one even for the same class path string.
  if (to.classPath !== from.classPath || to.cwd !== from.cwd) {
    const cp = vm.newString(to.classPath);
    setProp('java.class.path', cp);
    steps.push((next) => {
      const app = vm.getStatic('jdk/internal/loader/ClassLoaders', 'APP_LOADER') as JObject;
      const k = vm.classes.loadBoot('jdk/internal/loader/URLClassPath');
      const ucp = vm.allocObject(k);
      call(k.name, '<init>', '(Ljava/lang/String;Z)V', [ucp, cp, 0], () => call(app.klass.name, 'setClassPath', '(Ljdk/internal/loader/URLClassPath;)V', [app, ucp], next));
    });
  }
  const run = (): void => {
    const s = steps.shift();
    if (s === undefined) done();
    else s(run);
  };
  run();
}

function initialized(vm: VM, name: string): boolean {
  return vm.classes.boot.get(name)?.state === InitState.Initialized;
}

const CHM = 'java/util/concurrent/ConcurrentHashMap';
const NODE = `${CHM}$Node`;

/**
 * A main snapshot (taken after the launcher loaded the main class) holds the late properties
 * (boot.ts LaunchOptions.late: the profile's staging file) of the run that wrote it: the new
 * run's values go into the mappings of System.props in place, without running Java code (with
 * the JDK instrumented, a setProperty now would be counted). The table keeps its shape, as when
 * the boot's setProperty had put these values. Null when done, else why not (a key missing,
 * a table being resized or made of trees).
 */
export function replaceLateProperties(vm: VM, late: readonly [string, string][]): string | null {
  if (late.length === 0) return null;
  const props = vm.getStatic('java/lang/System', 'props') as JObject | null;
  if (props === null) return 'no System.props';
  const map = getField(vm, props, 'java/util/Properties', 'map') as JObject | null;
  const table = map === null ? null : (getField(vm, map, CHM, 'table') as JArray | null);
  if (table === null) return 'no table in System.props';
  const todo = new Map(late);
  for (const bin of table.data as (JObject | null)[]) {
    for (let n = bin; n !== null; n = getField(vm, n, NODE, 'next') as JObject | null) {
      if (n.klass.name !== NODE) return `a ${n.klass.name} in System.props`;
      const k = getField(vm, n, NODE, 'key') as JObject;
      if (k.klass.name !== 'java/lang/String') continue;
      const name = vm.jsString(k);
      const v = todo.get(name);
      if (v === undefined) continue;
      setField(vm, n, NODE, 'val', vm.newString(v));
      todo.delete(name);
    }
  }
  return todo.size === 0 ? null : `${[...todo.keys()].join(', ')} not in System.props`;
}
