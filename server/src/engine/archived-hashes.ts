// The identity hashes of the class mirrors that a HotSpot CDS archive holds (issue 15 item 2:
// hash-table bins keyed by classes). HotSpot's dump gives every object it archives an identity
// hash (JDK 17 heapShared.cpp `archive_heap_object`; JDK 25 keeps those the dump had computed)
// and a run maps the mirror with that hash: `Class.hashCode()` of an archived class draws nothing
// from the thread's generator and gives the dump's value. The embedded engine drew it at the
// first request, so MethodType's hash (its classes' hashes: the intern set's bins), a HashMap keyed
// by classes (Reflection's filter maps, Proxy's interfaces) and every hash the main thread drew
// afterwards differed from HotSpot's (docs/INTERPRETER.md, "Identity hash codes").
//
// The values come from a trial run of the archive's `java` (the instrumented copy of scope all):
// a generated class loads each class of the copy's class list (and array classes of them and of
// the primitives) without initialising it and prints its mirror's identity hash, with
// `-XX:hashCode=2`: a hash drawn in the trial is then 1, so only archived ones are kept. Cached
// per copy under `<cache>/archived-hashes`; a failed trial gives no table (hashes are drawn as before).

import { childProcess } from './child-process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Acc, type ClassFile, type MemberInfo } from '../classfile/model';
import { ConstantPool } from '../classfile/pool';
import { synthMethod } from '../classfile/code/synth';
import { Label, type Insn } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import { writeClass } from '../classfile/writer';
import { writeFileAtomic } from '../transform/cache-store';
import { addModulesMethod } from './archived-modules';
import { archivedProxyHashes } from './archived-lambdas';

const PROBE = 'KomoriumArchivedHashes';

/** Primitive array descriptors and the names of their element types. */
const PRIMITIVES: readonly [string, string][] = [
  ['I', 'int'],
  ['J', 'long'],
  ['Z', 'boolean'],
  ['B', 'byte'],
  ['C', 'char'],
  ['S', 'short'],
  ['F', 'float'],
  ['D', 'double'],
];

/**
 * The trial's class (version 49: no stack map frames). `main` prints the hash of `void.class`,
 * then for each line of standard input (a class name as `Class.forName` takes it) the hash of
 * `Class.forName(line, false, systemLoader)` and of its component type (0: none), or -1 twice
 * when it cannot be loaded.
 */
export function probeClass(): Uint8Array {
  const { cf, pool, out, println, ihash } = trialClass(PROBE);
  const printHashOfTop: Insn[] = [
    { kind: 'method', op: Op.INVOKESTATIC, index: ihash },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: println },
  ];
  const loop = new Label('loop');
  const start = new Label('try');
  const end = new Label('tryEnd');
  const handler = new Label('catch');
  const done = new Label('done');
  const insns: Insn[] = [
    { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(PROBE, 'packages', '()V') },
    { kind: 'field', op: Op.GETSTATIC, index: out },
    { kind: 'field', op: Op.GETSTATIC, index: pool.addFieldref('java/lang/Void', 'TYPE', 'Ljava/lang/Class;') },
    ...printHashOfTop,
    { kind: 'type', op: Op.NEW, index: pool.addClass('java/io/BufferedReader') },
    { kind: 'op', op: Op.DUP },
    { kind: 'type', op: Op.NEW, index: pool.addClass('java/io/InputStreamReader') },
    { kind: 'op', op: Op.DUP },
    { kind: 'field', op: Op.GETSTATIC, index: pool.addFieldref('java/lang/System', 'in', 'Ljava/io/InputStream;') },
    { kind: 'method', op: Op.INVOKESPECIAL, index: pool.addMethodref('java/io/InputStreamReader', '<init>', '(Ljava/io/InputStream;)V') },
    { kind: 'method', op: Op.INVOKESPECIAL, index: pool.addMethodref('java/io/BufferedReader', '<init>', '(Ljava/io/Reader;)V') },
    { kind: 'var', op: Op.ASTORE, index: 1 },
    { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/lang/ClassLoader', 'getSystemClassLoader', '()Ljava/lang/ClassLoader;') },
    { kind: 'var', op: Op.ASTORE, index: 2 },
    { kind: 'label', label: loop },
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/io/BufferedReader', 'readLine', '()Ljava/lang/String;') },
    { kind: 'op', op: Op.DUP },
    { kind: 'var', op: Op.ASTORE, index: 3 },
    { kind: 'jump', op: Op.IFNULL, target: done },
    { kind: 'label', label: start },
    { kind: 'var', op: Op.ALOAD, index: 3 },
    { kind: 'op', op: Op.ICONST_0 },
    { kind: 'var', op: Op.ALOAD, index: 2 },
    { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/lang/Class', 'forName', '(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;') },
    { kind: 'var', op: Op.ASTORE, index: 4 },
    { kind: 'label', label: end },
    { kind: 'field', op: Op.GETSTATIC, index: out },
    { kind: 'var', op: Op.ALOAD, index: 4 },
    ...printHashOfTop,
    { kind: 'field', op: Op.GETSTATIC, index: out },
    { kind: 'var', op: Op.ALOAD, index: 4 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/lang/Class', 'getComponentType', '()Ljava/lang/Class;') },
    ...printHashOfTop,
    { kind: 'jump', op: Op.GOTO, target: loop },
    { kind: 'label', label: handler },
    { kind: 'op', op: Op.POP },
    { kind: 'field', op: Op.GETSTATIC, index: out },
    { kind: 'op', op: Op.ICONST_M1 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: println },
    { kind: 'field', op: Op.GETSTATIC, index: out },
    { kind: 'op', op: Op.ICONST_M1 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: println },
    { kind: 'jump', op: Op.GOTO, target: loop },
    { kind: 'label', label: done },
    { kind: 'op', op: Op.RETURN },
  ];
  cf.methods.push(synthMethod(cf, pool, PROBE, { access: Acc.PUBLIC | Acc.STATIC, name: 'main', desc: '([Ljava/lang/String;)V', maxLocals: 5, insns, tryCatch: [{ start, end, handler, catchType: pool.addClass('java/lang/Throwable') }] }));
  cf.methods.push(packagesMethod(cf, pool, out));
  return writeClass(cf);
}

/** The built-in loaders whose `nameToModule` the trial prints, in `ArchivedState.loaderModules`' order. */
export const BUILTIN_LOADERS = ['BOOT_LOADER', 'PLATFORM_LOADER', 'APP_LOADER'] as const;

/** How many module-name maps the trial prints: the loaders' and the boot layer's (`ArchivedState.loaderModules`). */
const MODULE_MAPS = BUILTIN_LOADERS.length + 1;

/**
 * `static void packages()`: prints the keys of `BuiltinClassLoader.packageToModule`, then of
 * each built-in loader's `nameToModule` (`BUILTIN_LOADERS`; ConcurrentHashMaps) and of the boot
 * layer's `nameToModule` (a HashMap), each bin by bin and each bin's list in order, each map's
 * keys followed by a line `#`, then each boot module's `exportedPackages` and `openPackages`
 * (archived-modules.ts: lists headed `@exports NAME` / `@opens NAME`), read through sun.misc.Unsafe (an
 * `--add-opens` would turn the archived module graph off), then a line `##`; what fails stops the
 * maps there (the `##` still follows).
 */
function packagesMethod(cf: ClassFile, pool: ConstantPool, out: number): MemberInfo {
  const forName = pool.addMethodref('java/lang/Class', 'forName', '(Ljava/lang/String;)Ljava/lang/Class;');
  const declared = pool.addMethodref('java/lang/Class', 'getDeclaredField', '(Ljava/lang/String;)Ljava/lang/reflect/Field;');
  const unsafe = 'sun/misc/Unsafe';
  const printKeys = pool.addMethodref(PROBE, 'printKeys', '(Ljava/lang/Object;)V');
  const staticObject = pool.addMethodref(PROBE, 'staticObject', `(L${unsafe};Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;`);
  const fieldObject = pool.addMethodref(PROBE, 'fieldObject', `(L${unsafe};Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;`);
  const start = new Label('try');
  const end = new Label('tryEnd');
  const handler = new Label('catch');
  const done = new Label('done');
  const bcl = 'jdk.internal.loader.BuiltinClassLoader';
  const modules = addModulesMethod(cf, pool, PROBE, out, printKeys);
  const insns: Insn[] = [
    { kind: 'label', label: start },
    { kind: 'ldc', index: pool.addString('sun.misc.Unsafe') },
    { kind: 'method', op: Op.INVOKESTATIC, index: forName },
    { kind: 'ldc', index: pool.addString('theUnsafe') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: declared },
    { kind: 'var', op: Op.ASTORE, index: 0 },
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'op', op: Op.ICONST_1 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/lang/reflect/Field', 'setAccessible', '(Z)V') },
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'op', op: Op.ACONST_NULL },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/lang/reflect/Field', 'get', '(Ljava/lang/Object;)Ljava/lang/Object;') },
    { kind: 'type', op: Op.CHECKCAST, index: pool.addClass(unsafe) },
    { kind: 'var', op: Op.ASTORE, index: 1 },
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'ldc', index: pool.addString(bcl) },
    { kind: 'ldc', index: pool.addString('packageToModule') },
    { kind: 'method', op: Op.INVOKESTATIC, index: staticObject },
    { kind: 'method', op: Op.INVOKESTATIC, index: printKeys },
    ...BUILTIN_LOADERS.flatMap((loader): Insn[] => [
      { kind: 'var', op: Op.ALOAD, index: 1 },
      { kind: 'var', op: Op.ALOAD, index: 1 },
      { kind: 'ldc', index: pool.addString('jdk.internal.loader.ClassLoaders') },
      { kind: 'ldc', index: pool.addString(loader) },
      { kind: 'method', op: Op.INVOKESTATIC, index: staticObject },
      { kind: 'ldc', index: pool.addString(bcl) },
      { kind: 'ldc', index: pool.addString('nameToModule') },
      { kind: 'method', op: Op.INVOKESTATIC, index: fieldObject },
      { kind: 'method', op: Op.INVOKESTATIC, index: printKeys },
    ]),
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/lang/ModuleLayer', 'boot', '()Ljava/lang/ModuleLayer;') },
    { kind: 'ldc', index: pool.addString('java.lang.ModuleLayer') },
    { kind: 'ldc', index: pool.addString('nameToModule') },
    { kind: 'method', op: Op.INVOKESTATIC, index: fieldObject },
    { kind: 'method', op: Op.INVOKESTATIC, index: printKeys },
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'method', op: Op.INVOKESTATIC, index: modules },
    { kind: 'label', label: end },
    { kind: 'jump', op: Op.GOTO, target: done },
    { kind: 'label', label: handler },
    { kind: 'op', op: Op.POP },
    { kind: 'label', label: done },
    { kind: 'field', op: Op.GETSTATIC, index: out },
    { kind: 'ldc', index: pool.addString('##') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/io/PrintStream', 'println', '(Ljava/lang/String;)V') },
    { kind: 'op', op: Op.RETURN },
  ];
  cf.methods.push(printKeysMethod(cf, pool, out));
  cf.methods.push(staticObjectMethod(cf, pool, forName, declared));
  cf.methods.push(fieldObjectMethod(cf, pool, forName, declared));
  return synthMethod(cf, pool, PROBE, { access: Acc.STATIC, name: 'packages', desc: '()V', maxLocals: 2, insns, tryCatch: [{ start, end, handler, catchType: pool.addClass('java/lang/Throwable') }] });
}

/** `static void printKeys(Object map)`: the keys of the Map, one a line, then a line `#`. */
function printKeysMethod(cf: ClassFile, pool: ConstantPool, out: number): MemberInfo {
  const loop = new Label('loop');
  const end = new Label('end');
  const insns: Insn[] = [
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'type', op: Op.CHECKCAST, index: pool.addClass('java/util/Map') },
    { kind: 'method', op: Op.INVOKEINTERFACE, index: pool.addMethodref('java/util/Map', 'keySet', '()Ljava/util/Set;', true) },
    { kind: 'method', op: Op.INVOKEINTERFACE, index: pool.addMethodref('java/util/Set', 'iterator', '()Ljava/util/Iterator;', true) },
    { kind: 'var', op: Op.ASTORE, index: 1 },
    { kind: 'label', label: loop },
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'method', op: Op.INVOKEINTERFACE, index: pool.addMethodref('java/util/Iterator', 'hasNext', '()Z', true) },
    { kind: 'jump', op: Op.IFEQ, target: end },
    { kind: 'field', op: Op.GETSTATIC, index: out },
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'method', op: Op.INVOKEINTERFACE, index: pool.addMethodref('java/util/Iterator', 'next', '()Ljava/lang/Object;', true) },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/io/PrintStream', 'println', '(Ljava/lang/Object;)V') },
    { kind: 'jump', op: Op.GOTO, target: loop },
    { kind: 'label', label: end },
    { kind: 'field', op: Op.GETSTATIC, index: out },
    { kind: 'ldc', index: pool.addString('#') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/io/PrintStream', 'println', '(Ljava/lang/String;)V') },
    { kind: 'op', op: Op.RETURN },
  ];
  return synthMethod(cf, pool, PROBE, { access: Acc.STATIC, name: 'printKeys', desc: '(Ljava/lang/Object;)V', maxLocals: 2, insns });
}

/** `static Object staticObject(Unsafe u, String cls, String field)`: the static field's value. */
function staticObjectMethod(cf: ClassFile, pool: ConstantPool, forName: number, declared: number): MemberInfo {
  const unsafe = 'sun/misc/Unsafe';
  const insns: Insn[] = [
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'method', op: Op.INVOKESTATIC, index: forName },
    { kind: 'var', op: Op.ALOAD, index: 2 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: declared },
    { kind: 'var', op: Op.ASTORE, index: 3 },
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'var', op: Op.ALOAD, index: 3 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref(unsafe, 'staticFieldBase', '(Ljava/lang/reflect/Field;)Ljava/lang/Object;') },
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'var', op: Op.ALOAD, index: 3 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref(unsafe, 'staticFieldOffset', '(Ljava/lang/reflect/Field;)J') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref(unsafe, 'getObject', '(Ljava/lang/Object;J)Ljava/lang/Object;') },
    { kind: 'op', op: Op.ARETURN },
  ];
  return synthMethod(cf, pool, PROBE, { access: Acc.STATIC, name: 'staticObject', desc: `(L${unsafe};Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;`, maxLocals: 4, insns });
}

/** `static Object fieldObject(Unsafe u, Object o, String cls, String field)`: the instance field's value. */
function fieldObjectMethod(cf: ClassFile, pool: ConstantPool, forName: number, declared: number): MemberInfo {
  const unsafe = 'sun/misc/Unsafe';
  const insns: Insn[] = [
    { kind: 'var', op: Op.ALOAD, index: 2 },
    { kind: 'method', op: Op.INVOKESTATIC, index: forName },
    { kind: 'var', op: Op.ALOAD, index: 3 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: declared },
    { kind: 'var', op: Op.ASTORE, index: 4 },
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'var', op: Op.ALOAD, index: 4 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref(unsafe, 'objectFieldOffset', '(Ljava/lang/reflect/Field;)J') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref(unsafe, 'getObject', '(Ljava/lang/Object;J)Ljava/lang/Object;') },
    { kind: 'op', op: Op.ARETURN },
  ];
  return synthMethod(cf, pool, PROBE, { access: Acc.STATIC, name: 'fieldObject', desc: `(L${unsafe};Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;`, maxLocals: 5, insns });
}

/**
 * The names the trial loads: the class list's classes, then the other classes the archive's
 * dictionary names (`dictionary`, archivedClassNames: classes the dump loaded besides the list,
 * such as java.io.IOException on JDK 25, whose mirrors it archived with their hashes too), arrays
 * of each, the primitives' arrays.
 */
export function probeNames(classlist: string, dictionary: readonly string[] = []): string[] {
  const classes: string[] = [];
  const seen = new Set<string>();
  const add = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    classes.push(name);
  };
  for (const line of classlist.split('\n')) {
    const name = line.split(' ')[0]!.trim();
    // Plain class names only: not comments, @lambda-proxy and the like, nor hidden classes.
    if (name === '' || name.startsWith('#') || name.startsWith('@') || name.includes('/0x')) continue;
    add(name.replace(/\//g, '.'));
  }
  for (const name of dictionary) if (!name.includes('/0x') && !name.startsWith('[')) add(name);
  return [...classes, ...classes.map((c) => `[L${c};`), ...PRIMITIVES.flatMap(([d]) => [`[${d}`, `[[${d}`])];
}

/** `Class.getName()` of the component type of the array class named `name` (`[I` -> `int`). */
function componentName(name: string): string {
  const c = name.slice(1);
  if (c.startsWith('L')) return c.slice(1, -1);
  return PRIMITIVES.find(([d]) => d === c)?.[1] ?? c;
}

/** What the trial reads from an archive. */
export interface ArchivedState {
  /**
   * The archived mirrors' identity hashes by `Class.getName()` (primitives by keyword), and the
   * archived lambda proxies' by `@lambda-proxy KEY` (archived-lambdas.ts).
   */
  mirrors: Map<string, number>;
  /**
   * The keys of `BuiltinClassLoader.packageToModule` in the archived map's order (bin by bin,
   * each bin's list in order; the dump's module order: docs/RUNTIME.md, "packageToModule").
   */
  packages: string[];
  /**
   * Each built-in loader's `nameToModule` keys in the archived map's order (`BUILTIN_LOADERS`:
   * boot, platform, application), then the boot layer's `nameToModule` keys in its order (empty
   * when the trial could not read them); then each boot module's `exportedPackages` and
   * `openPackages` keys in their order, each list headed by a line `@exports NAME` / `@opens
   * NAME` (archived-modules.ts; interp/cds-archive.ts orderArchivedModulePackages).
   */
  loaderModules: string[][];
}

/**
 * The trial's output for `names`: the package keys and each built-in loader's module names, each
 * list ended by a line `#`, the maps by a line `##`; then the hashes the archive gave (a hash of 1
 * was drawn in the trial, -1 could not be loaded). Undefined when the output does not fit the names.
 */
export function parseProbeOutput(names: readonly string[], output: string): ArchivedState | undefined {
  const all = output.split('\n').filter((l) => l.length > 0);
  const mark = all.indexOf('##');
  if (mark < 0) return undefined;
  const maps: string[][] = [];
  let cur: string[] = [];
  for (const l of all.slice(0, mark)) {
    if (l === '#') {
      maps.push(cur);
      cur = [];
    } else cur.push(l);
  }
  if (maps.length === 0) return undefined;
  const packages = maps[0]!;
  // Then each boot module's exportedPackages/openPackages (archived-modules.ts), headed lists.
  const loaderModules = maps.length >= 1 + MODULE_MAPS ? maps.slice(1) : [];
  const lines = all.slice(mark + 1);
  if (lines.length !== 1 + 2 * names.length) return undefined;
  const mirrors = new Map<string, number>();
  const keep = (name: string, line: string): void => {
    const h = Number(line);
    if (Number.isInteger(h) && h !== 1 && h !== 0 && h !== -1) mirrors.set(name, h);
  };
  keep('void', lines[0]!);
  names.forEach((n, i) => {
    keep(n, lines[1 + 2 * i]!);
    if (n.startsWith('[')) keep(componentName(n), lines[2 + 2 * i]!);
  });
  return { mirrors, packages, loaderModules };
}

/**
 * What the CDS archive of the JDK at `home` holds (its `lib/classlist` names the classes, its
 * `lib/server/classes.jsa` is the archive), cached under `cacheDir` by the home, the release and
 * the archive's and lib/modules' size and mtime. Undefined when the trial fails or the JDK has no
 * archive. `trial: false` only reads the cache (interp-archived.ts archivedOf); the trial runs
 * when the instrumented copy is built or found without its result (jdk-image.ts), for a HotSpot
 * run and an embedded one alike (interp-archived.ts archivedForRun).
 */
export function archivedState(home: string, cacheDir: string, opts: { trial?: boolean } = {}): ArchivedState | undefined {
  const list = join(home, 'lib', 'classlist');
  const jsa = join(home, 'lib', 'server', 'classes.jsa');
  if (!existsSync(list) || !existsSync(jsa)) return undefined;
  let release = '';
  try {
    release = readFileSync(join(home, 'release'), 'utf8');
  } catch {
    // no release file: the archive's and lib/modules' stamps still tell JDKs apart
  }
  const key = createHash('sha256').update(`${STATE_VERSION}\0${home}\0${release}\0`).update(statKey(jsa)).update(statKey(join(home, 'lib', 'modules'))).digest('hex').slice(0, 24);
  const file = join(cacheDir, `${basename(home)}-${key}.json`);
  if (existsSync(file)) {
    const cached = readState(file);
    if (cached !== undefined) return cached;
  }
  if (opts.trial === false) return undefined;
  // The dictionary too: the class list leaves out classes the dump archived (JDK 25 corpus
  // serialization: IOException's mirror hashed in Reflection.filterFields drew here, not on
  // HotSpot; sec25. JDK 17 corpus streams-collectors: ToLongFunction, ToIntFunction,
  // ToDoubleFunction, Collectors$1OptionalBox, hashed by MethodTypes, drew here, not on HotSpot;
  // ih38).
  const dictionary = archivedClassNames(home, cacheDir) ?? [];
  const names = probeNames(readFileSync(list, 'utf8'), dictionary);
  const out = runHashTrial(home, PROBE, probeClass(), '-Xshare:auto', names, 120_000);
  if (out === undefined) return undefined;
  const state = parseProbeOutput(names, out);
  if (state === undefined || state.mirrors.size === 0) return undefined;
  // The archived lambda proxies' mirrors, keyed `@lambda-proxy KEY` (archived-lambdas.ts; JDK 17 and 25).
  for (const [k, h] of archivedProxyHashes(home, readFileSync(list, 'utf8'))) state.mirrors.set(k, h);
  try {
    writeFileAtomic(file, Buffer.from(JSON.stringify({ mirrors: [...state.mirrors], packages: state.packages, loaderModules: state.loaderModules })));
  } catch {
    // A cache that cannot be written: the trial runs again next time.
  }
  return state;
}

/**
 * A trial class `name` (version 49: no stack map frames) and the pool entries both trials print
 * with: `System.out`, `PrintStream.println(int)`, `System.identityHashCode`.
 */
export function trialClass(name: string): { cf: ClassFile; pool: ConstantPool; out: number; println: number; ihash: number } {
  const cf: ClassFile = { minorVersion: 0, majorVersion: 49, constantPool: [undefined], accessFlags: Acc.PUBLIC | Acc.SUPER, thisClass: 0, superClass: 0, interfaces: [], fields: [], methods: [], attributes: [] };
  const pool = new ConstantPool(cf);
  cf.thisClass = pool.addClass(name);
  cf.superClass = pool.addClass('java/lang/Object');
  const out = pool.addFieldref('java/lang/System', 'out', 'Ljava/io/PrintStream;');
  const println = pool.addMethodref('java/io/PrintStream', 'println', '(I)V');
  const ihash = pool.addMethodref('java/lang/System', 'identityHashCode', '(Ljava/lang/Object;)I');
  return { cf, pool, out, println, ihash };
}

/**
 * Runs a trial class `probe` (its bytes `bytes`, in a directory of its own) on `home`'s java with
 * `-XX:hashCode=2` (every identity hash drawn in the run is 1, so a hash that is not 1 was stored
 * by the archive's dump), `lines` on its standard input one per line; its standard output, or
 * undefined when it fails (archived-strings.ts runs its own probe the same way).
 */
export function runHashTrial(home: string, probe: string, bytes: Uint8Array, share: '-Xshare:auto' | '-Xshare:on', lines: readonly string[], timeoutMs: number): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'komorium-archived-trial-'));
  try {
    writeFileSync(join(dir, `${probe}.class`), bytes);
    const r = childProcess().spawnSync(join(home, 'bin', 'java'), [share, '-XX:+UnlockExperimentalVMOptions', '-XX:hashCode=2', '-cp', dir, probe], {
      input: `${lines.join('\n')}\n`,
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: 64 << 20,
    });
    return r.status === 0 ? r.stdout : undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The classes the CDS archive of the JDK at `home` holds (`Class.getName()`), as its `java
 * -XX:+PrintSharedArchiveAndExit` lists its shared dictionary: the class list's classes and the
 * ones the dump loaded besides (java.lang.invoke's, MID holders...). HotSpot links those without
 * verifying them again, so their mirrors draw no identity hash at linking (interp/vm-ihash.ts
 * hashAtLink). Cached beside archivedState's file (about 0.2 s once per copy); undefined when the
 * archive does not map or the listing is empty.
 */
export function archivedClassNames(home: string, cacheDir: string): string[] | undefined {
  const key = archiveStateKey(home);
  if (key === undefined) return undefined;
  const file = join(cacheDir, `${basename(home)}-${key}-classes.json`);
  if (existsSync(file)) {
    try {
      const v = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
    } catch {
      // rewritten below
    }
  }
  const r = childProcess().spawnSync(join(home, 'bin', 'java'), ['-Xshare:on', '-XX:+PrintSharedArchiveAndExit', '-version'], { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 });
  if (r.status !== 0) return undefined;
  const names = parseSharedDictionary(`${r.stdout}\n${r.stderr}`);
  if (names.length === 0) return undefined;
  try {
    writeFileAtomic(file, Buffer.from(JSON.stringify(names)));
  } catch {
    // A cache that cannot be written: listed again next time.
  }
  return names;
}

/** The class names of `-XX:+PrintSharedArchiveAndExit`'s dictionary lines (`  12: java.lang.Object boot_loader`). */
export function parseSharedDictionary(output: string): string[] {
  const names: string[] = [];
  for (const line of output.split('\n')) {
    const m = /^\s*\d+: (\S+) \S*_loader\s*$/.exec(line);
    if (m && !m[1]!.includes('/0x')) names.push(m[1]!);
  }
  return names;
}

/** The cache key of what the archive of `home` holds (its release, the archive's and lib/modules' stamps). */
export function archiveStateKey(home: string): string | undefined {
  const jsa = join(home, 'lib', 'server', 'classes.jsa');
  if (!existsSync(jsa)) return undefined;
  let release = '';
  try {
    release = readFileSync(join(home, 'release'), 'utf8');
  } catch {
    // no release file: the archive's and lib/modules' stamps still tell JDKs apart
  }
  return createHash('sha256').update(`${STATE_VERSION}\0${home}\0${release}\0`).update(statKey(jsa)).update(statKey(join(home, 'lib', 'modules'))).digest('hex').slice(0, 24);
}

/** Bump when the trial reads more or otherwise (the cache files' key). */
const STATE_VERSION = 'archived-state-8';

function statKey(file: string): string {
  try {
    const s = statSync(file);
    return `\0${s.size}\0${s.mtimeMs}`;
  } catch {
    return '\0-';
  }
}

function readState(file: string): ArchivedState | undefined {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as { mirrors?: [string, number][]; packages?: string[]; loaderModules?: string[][] };
    if (!Array.isArray(v.mirrors) || !Array.isArray(v.packages) || !Array.isArray(v.loaderModules)) return undefined;
    return { mirrors: new Map(v.mirrors), packages: v.packages, loaderModules: v.loaderModules };
  } catch {
    return undefined;
  }
}

/** A short digest of a state (boot snapshot keys: the mirrors hashed in the boot hold its values). */
export function stateDigest(mirrors: readonly [string, number][] | undefined, packages: readonly string[] | undefined, loaderModules?: readonly (readonly string[])[]): string | null {
  if (mirrors === undefined && packages === undefined) return null;
  const h = createHash('sha256');
  for (const [n, v] of mirrors ?? []) h.update(`${n} ${v}\n`);
  h.update('#\n');
  for (const p of packages ?? []) h.update(`${p}\n`);
  // The loaders' module orders (added later: absent, the digest is the one before).
  for (const l of loaderModules ?? []) h.update(`#${l.join(' ')}\n`);
  return h.digest('hex').slice(0, 16);
}
