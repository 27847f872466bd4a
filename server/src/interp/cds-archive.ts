// What HotSpot's class-data archive (CDS) gives a run, emulated by the embedded engine so that
// both engines run the same Java code (issue 15: identical profiles). java uses the JDK's
// default archive (`lib/server/classes.jsa`, dumped from `lib/classlist`); the HotSpot engine's
// instrumented copy dumps its own from that list plus a few classes (engine/jdk-classlist.ts).
// Two things of an archive change which Java code runs:
//   1. archived heap subgraphs (heapShared.cpp's entry fields, JDK 17 and 25): when such a
//      class runs `CDS.initializeFromArchive(C)` in its `<clinit>`, HotSpot fills C's archive
//      field with objects the dump computed, and the `<clinit>` takes its short path. Emulated
//      here (natives/jdk/internal/misc/CDS.ts) for the boxing caches, FDBigInteger's powers of
//      5, BaseLocale and Attributes.Name's KNOWN_NAMES (a jar's manifest read in counted code
//      initialises it), built without running Java code, as the dump's objects are; the others
//      (module graph, ImmutableCollections) belong to the JDK's boot, which neither engine counts.
//   2. interned strings: the dump resolves every CONSTANT_String of every archived class and
//      archives the string table with each string's hash computed
//      (`java_lang_String::hash_code` stores it), so `hashCode()` of such a literal returns the
//      stored field on HotSpot. The embedded engine stores the hash of a string it interns when
//      the string is one of those literals (`archivedStrings`) or, with the JDK instrumented, one
//      of the copy's whole shared string table (the dump interns more: MemberName names,
//      the archived heap's species names; engine/archived-strings.ts, VmOptions.archivedStrings).
//   3. JDK 17's archived class loaders (the full module graph): the dump clears their
//      class-loading lock maps (`ClassLoader.resetArchivedStates`, `parallelLockMap.clear()`),
//      which keeps a ConcurrentHashMap's table, so the application loader's map starts the run
//      with the table its dump grew to, where a new map has 16. The dump loads every class of
//      the class list through the application loader (one lock per name), so that table is
//      2,048 bins for JDK 17's list of 1,195 classes and the copy's of 1,232 (read from the copy
//      with sun.misc.Unsafe: 2,048 bins, 22 names after a small program; branch exc15j): HotSpot
//      never resizes it in a program's run. `presizeArchivedLockMap`. JDK 25 puts a new map in
//      place (the same probe: 32 bins after 22 names, as a new map grows).
//      The same dump clears their `classes` lists (`classes.clear()`): the application
//      loader's list then holds an archived empty array, not ArrayList's
//      DEFAULTCAPACITY_EMPTY_ELEMENTDATA of the run, so its first `addClass` grows it to 1, not
//      10 (then 2, 3, 4, 6, 9...: `ArrayList.grow` runs at other adds than on a new list).
//      `detachArchivedClassLists`.
//   4. archived lambda proxies (the list's `@lambda-proxy` lines): on JDK 25 the JDK's
//      LambdaMetafactory takes them from the archive instead of generating them with the
//      ClassFile API (`archivedLambdaProxy`, natives/java/lang/invoke/LambdaProxyClassArchive.ts).
// All only when the JDK has an archive (`lib/server/classes.jsa`) and a `lib/classlist`.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JImage } from '../classpath/jimage';
import { decodeMutf8 } from '../classpath/mutf8';
import type { JdkInfo } from '../classpath/index';
import type { JArray, JObject } from './object';
import type { VM } from './vm';
import { getField, setField } from './natives/util';
import { stringSetOf, type StringSet } from './string-set';

interface Archive {
  /** Classes of the archive's class list (internal names). */
  classes: Set<string>;
  /** The CONSTANT_String values of those classes (string-set.ts: 24,000 in a compact form). */
  strings: StringSet | null;
  /** Their method descriptors (CONSTANT_Utf8 entries starting with '('): the archive's symbols. */
  signatures: Set<string> | null;
  /** The lambda proxies the dump archived (`@lambda-proxy` lines), by `lambdaProxyKey`. */
  lambdaProxies: Set<string>;
}

const archives = new Map<string, Archive | null>();

/** The JDK's archive as far as this engine emulates it, or null when java runs without one. */
function archiveOf(jdk: JdkInfo): Archive | null {
  let a = archives.get(jdk.home);
  if (a !== undefined) return a;
  a = null;
  const list = join(jdk.home, 'lib', 'classlist');
  if (existsSync(list) && existsSync(join(jdk.home, 'lib', 'server', 'classes.jsa'))) {
    const classes = new Set<string>();
    const lambdaProxies = new Set<string>();
    for (const line of readFileSync(list, 'utf8').split('\n')) {
      // Class lines: `java/lang/Object` or `java/lang/Object id: 1`; `@` lines are lambda forms
      // and proxies: `@lambda-proxy caller name invokedType methodType REF_kind implClass implName
      // implType instantiatedType`.
      const words = line.trim().split(/\s+/);
      const name = words[0];
      if (name === '@lambda-proxy' && words.length === 10) {
        const [, caller, invoked, invokedType, methodType, , implClass, implName, implType, instantiated] = words as [string, string, string, string, string, string, string, string, string, string];
        lambdaProxies.add(lambdaProxyKey(caller, invoked, invokedType, methodType, implClass, implName, implType, instantiated));
      }
      if (name && !name.startsWith('#') && !name.startsWith('@')) classes.add(name);
    }
    a = { classes, strings: null, signatures: null, lambdaProxies };
  }
  archives.set(jdk.home, a);
  return a;
}

/** Whether java runs `jdk` with an archive (so CDS.isUsingArchive() is true on JDK 25). */
export function usesArchive(jdk: JdkInfo): boolean {
  return archiveOf(jdk) !== null;
}

/** The key of a lambda proxy: its call site's caller, name and types, the implementation method, the instantiated type. */
export function lambdaProxyKey(caller: string, name: string, invokedType: string, methodType: string, implClass: string, implName: string, implType: string, instantiated: string): string {
  return [caller, name, invokedType, methodType, implClass, implName, implType, instantiated].join(' ');
}

/** Whether the dump of `jdk`'s archive archived the lambda proxy of `key` (lambdaProxyKey). */
export function archivedLambdaProxy(jdk: JdkInfo, key: string): boolean {
  return archiveOf(jdk)?.lambdaProxies.has(key) ?? false;
}

/** Whether HotSpot's archive for `jdk` holds class `name` (so its archived subgraph is used). */
export function archiveHolds(jdk: JdkInfo, name: string): boolean {
  return archiveOf(jdk)?.classes.has(name) ?? false;
}

/** The string literals of the archived classes (read once per JDK from its lib/modules). */
export function archivedStrings(jdk: JdkInfo): StringSet | null {
  const a = archiveOf(jdk);
  if (a === null) return null;
  if (a.strings !== null) return a.strings;
  const strings = new Set<string>();
  let image: JImage | null = null;
  try {
    image = JImage.open(jdk.modulesPath);
  } catch {
    // no image: the boot fails elsewhere
  }
  if (image !== null) {
    for (const name of a.classes) {
      const found = image.findClass(name);
      if (found) stringConstants(found.bytes, strings);
    }
  }
  a.strings = stringSetOf(strings);
  return a.strings;
}

/**
 * The method descriptors of the archived classes (read once per JDK from its lib/modules, at the
 * first request): signatures HotSpot's shared symbol table holds whether or not the classes were
 * loaded (invoke/member.ts, a speculative MemberName resolution). Empty without an archive.
 */
export function archivedSignatures(jdk: JdkInfo): ReadonlySet<string> {
  const a = archiveOf(jdk);
  if (a === null) return new Set();
  if (a.signatures !== null) return a.signatures;
  const signatures = new Set<string>();
  const image = openImage(jdk);
  if (image !== null) {
    for (const name of a.classes) {
      const found = image.findClass(name);
      if (found) poolScan(found.bytes, null, signatures);
    }
  }
  a.signatures = signatures;
  return signatures;
}

function openImage(jdk: JdkInfo): JImage | null {
  try {
    return JImage.open(jdk.modulesPath);
  } catch {
    return null; // no image: the boot fails elsewhere
  }
}

/** Adds the values of a class file's CONSTANT_String entries to `out` (a scan of the constant pool only). */
export function stringConstants(b: Uint8Array, out: Set<string>): void {
  poolScan(b, out, null);
}

/** Adds the values of a class file's CONSTANT_Utf8 entries to `out` (engine/archived-strings.ts: JDK 17's candidates). */
export function utf8Constants(b: Uint8Array, out: Set<string>): void {
  poolScan(b, null, null, out);
}

/** The constant pool's CONSTANT_String values into `strings`, its Utf8 entries starting with '(' into `signatures`, all its Utf8 entries into `utf8`. */
function poolScan(b: Uint8Array, strings: Set<string> | null, signatures: Set<string> | null, utf8: Set<string> | null = null): void {
  if (b.length < 10) return;
  const u2 = (p: number): number => (b[p]! << 8) | b[p + 1]!;
  const n = u2(8);
  const utf8Start = new Int32Array(n);
  const utf8End = new Int32Array(n);
  const stringRefs: number[] = [];
  let p = 10;
  for (let i = 1; i < n; i++) {
    const tag = b[p]!;
    switch (tag) {
      case 1: {
        const len = u2(p + 1);
        utf8Start[i] = p + 3;
        utf8End[i] = p + 3 + len;
        if (signatures !== null && len > 0 && b[p + 3] === 0x28) {
          const s = decodeMutf8(b, p + 3, p + 3 + len);
          if (s !== undefined) signatures.add(s);
        }
        if (utf8 !== null) {
          const s = decodeMutf8(b, p + 3, p + 3 + len);
          if (s !== undefined) utf8.add(s);
        }
        p += 3 + len;
        break;
      }
      case 8:
        stringRefs.push(u2(p + 1));
        p += 3;
        break;
      case 7: case 16: case 19: case 20:
        p += 3;
        break;
      case 15:
        p += 4;
        break;
      case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
        p += 5;
        break;
      case 5: case 6:
        p += 9;
        i++;
        break;
      default:
        return; // malformed: the class loader reports it
    }
  }
  if (strings === null) return;
  for (const i of stringRefs) {
    if (i <= 0 || i >= n || utf8End[i] === 0) continue;
    const s = decodeMutf8(b, utf8Start[i]!, utf8End[i]!);
    if (s !== undefined) strings.add(s);
  }
}

/**
 * The table length a new ConcurrentHashMap grows to with `names` entries put one by one (16 bins
 * at first; doubled when the count reaches 3/4 of the table, `addCount`).
 */
export function lockMapBinsAfter(names: number): number {
  let n = 16;
  while (names >= n - (n >>> 2)) n <<= 1;
  return n;
}

/**
 * The table length of the application loader's archived lock map (JDK 17): what the dump's
 * loads of the class list's classes grew it to (2,048 for JDK 17's list).
 */
function archivedAppLockMapBins(a: Archive): number {
  return lockMapBinsAfter(a.classes.size);
}

/**
 * JDK 17 with an archive: the application loader's class-loading lock map gets the table of
 * the archived one (`archivedAppLockMapBins`, sizeCtl 3/4 of it), its nodes in the bins
 * they would have had if put there in their order (each old bin's list split, order kept), as
 * HotSpot's map, cleared at the dump, receives them. Nothing when the table is that large.
 */
export function presizeArchivedLockMap(vm: VM, appLoader: JObject): void {
  const archive = vm.opts.jdk.feature === 17 ? archiveOf(vm.opts.jdk) : null;
  if (archive === null) return;
  const map = getField(vm, appLoader, 'java/lang/ClassLoader', 'parallelLockMap') as JObject | null;
  if (map === null) return;
  const chm = 'java/util/concurrent/ConcurrentHashMap';
  const node = `${chm}$Node`;
  const n = archivedAppLockMapBins(archive);
  const old = getField(vm, map, chm, 'table') as JArray | null;
  if (old !== null && old.data.length >= n) return;
  const bins: (JObject | null)[] = new Array<JObject | null>(n).fill(null);
  const tails: (JObject | null)[] = new Array<JObject | null>(n).fill(null);
  for (const head of (old?.data ?? []) as (JObject | null)[]) {
    for (let e = head; e !== null; ) {
      const next = getField(vm, e, node, 'next') as JObject | null;
      const i = (getField(vm, e, node, 'hash') as number) & (n - 1);
      setField(vm, e, node, 'next', null);
      const t = tails[i];
      if (t) setField(vm, t, node, 'next', e);
      else bins[i] = e;
      tails[i] = e;
      e = next;
    }
  }
  setField(vm, map, chm, 'table', vm.newObjectArray(vm.classes.loadBoot(node), bins));
  setField(vm, map, chm, 'sizeCtl', n - (n >>> 2));
}

/**
 * The built-in loaders' `classes` lists (ClassLoader.addClass, which HotSpot and this VM call for
 * every class a Java loader defines) as java's archive leaves them: an empty array of their own
 * (cleared at the dump, or archived), where a new ArrayList holds ArrayList's shared
 * DEFAULTCAPACITY_EMPTY_ELEMENTDATA. So the first addClass grows the list to 1 element (then 2,
 * 3, 4, 6...: `Arrays.copyOf` each time), not to 10: counted start-up code when the JDK is
 * instrumented. JDK 17: the dump clears both loaders' lists (`HeapShared::reset_archived_object_states`
 * calls `resetArchivedStates` on the platform and the system loader), and the archived empty array
 * is not the run's DEFAULTCAPACITY_EMPTY_ELEMENTDATA; measured by the profiles: `--add-opens`,
 * which turns the archived module graph off, shows the ordinary growth on HotSpot; the platform
 * loader's first definition (jdk.localedata's CLDR classes under `String.format`) takes
 * `ArraysSupport.newLength` and `Arrays.copyOf` on HotSpot's copy (branch ord15o). JDK 25: the
 * application and platform loaders' lists, archived. Lists that are not empty are left alone.
 */
export function detachArchivedClassLists(vm: VM, app: JObject | null, platform: JObject | null): void {
  const feature = vm.opts.jdk.feature;
  if ((feature !== 17 && feature < 25) || archiveOf(vm.opts.jdk) === null) return;
  const al = 'java/util/ArrayList';
  const shared = vm.getStatic(al, 'DEFAULTCAPACITY_EMPTY_ELEMENTDATA');
  for (const loader of [app, platform]) {
    if (loader === null) continue;
    const list = getField(vm, loader, 'java/lang/ClassLoader', 'classes') as JObject | null;
    if (list === null || getField(vm, list, al, 'size') !== 0 || getField(vm, list, al, 'elementData') !== shared) continue;
    setField(vm, list, al, 'elementData', vm.newObjectArray(vm.classes.loadBoot('java/lang/Object'), []));
  }
}

const CHM = 'java/util/concurrent/ConcurrentHashMap';

/**
 * `BuiltinClassLoader.packageToModule` with the order of HotSpot's archived map within each bin
 * (`order`: its keys bin by bin, engine/archived-hashes.ts). The map is archived with the full
 * module graph (JDK 17 and 25); its entries went in in the order `ModuleBootstrap` defined the
 * modules at the dump, the iteration order of a `Set.of` of ResolvedModules whose hashes are
 * identity hashes of the dump, where the embedded engine's boot had its own. Same keys and table,
 * but a lookup in a bin of two or more walked other nodes first (`findLoadedModule`'s
 * `ConcurrentHashMap.get`: `String.equals` at another line, 1 against 2 samples a lookup; exc15j
 * counted 50 such bins on JDK 17). Keys the order lacks keep their place after the others.
 */
export function orderArchivedPackageMap(vm: VM, order: readonly string[]): void {
  if (order.length === 0) return;
  const map = vm.getStatic('jdk/internal/loader/BuiltinClassLoader', 'packageToModule') as JObject | null;
  if (map === null || map === undefined) return;
  orderBins(vm, map, order, CHM, `${CHM}$Node`);
}

/** The loaders of `orderArchivedLoaderModules`' lists, in their order (archived-hashes.ts BUILTIN_LOADERS). */
const LOADER_FIELDS = ['BOOT_LOADER', 'PLATFORM_LOADER', 'APP_LOADER'] as const;

/**
 * Each built-in loader's `BuiltinClassLoader.nameToModule` with the order of HotSpot's archived
 * map within each bin, and the boot layer's `ModuleLayer.nameToModule` (a HashMap) likewise
 * (`lists`: boot, platform, application loader, boot layer; each its keys bin by bin). Archived
 * with the full module graph (JDK 17 and 25); their modules went in in the dump's module order,
 * as in packageToModule. The loaders' maps are iterated by `findMiscResource` (a resource in no
 * package, such as the `META-INF/services/...` that ServiceLoader asks every loader for), the
 * layer's by `ModuleLayer.getServicesCatalog` (which also orders each service's providers):
 * another order moved every later sample (a program that logs: its start-up, branch st16r).
 */
export function orderArchivedLoaderModules(vm: VM, lists: readonly (readonly string[])[]): void {
  if (lists.length < LOADER_FIELDS.length + 1) return;
  LOADER_FIELDS.forEach((f, i) => {
    if (lists[i]!.length === 0) return;
    const loader = vm.getStatic('jdk/internal/loader/ClassLoaders', f) as JObject | null | undefined;
    if (loader === null || loader === undefined) return;
    const map = getField(vm, loader, 'jdk/internal/loader/BuiltinClassLoader', 'nameToModule') as JObject | null;
    if (map !== null) orderBins(vm, map, lists[i]!, CHM, `${CHM}$Node`);
  });
  const layerOrder = lists[LOADER_FIELDS.length]!;
  const layer = vm.getStatic('java/lang/System', 'bootLayer') as JObject | null | undefined;
  if (layerOrder.length === 0 || layer === null || layer === undefined) return;
  const map = getField(vm, layer, 'java/lang/ModuleLayer', 'nameToModule') as JObject | null;
  // A HashMap (Module.defineModules); another map (an immutable one) has no bins to order.
  if (map !== null && map.klass.name === 'java/util/HashMap') orderBins(vm, map, layerOrder, 'java/util/HashMap', 'java/util/HashMap$Node');
  if (map !== null) orderArchivedModulePackages(vm, map, lists.slice(LOADER_FIELDS.length + 1));
}

/** The head line of a module's `exportedPackages` list in the trial's output (engine/archived-modules.ts): `@exports java.base`. */
export const EXPORTS_HEAD = '@exports ';
/** Likewise for its `openPackages`. */
export const OPENS_HEAD = '@opens ';

const HM = 'java/util/HashMap';

/**
 * Each boot module's `Module.exportedPackages` and `openPackages` (HashMaps) as HotSpot's archived
 * module graph holds them (`lists`: each headed by `EXPORTS_HEAD`/`OPENS_HEAD` and the module's
 * name, then its keys bin by bin). The dump filled them in the order of each descriptor's
 * `exports()` (a `Set.of`: its elements' hashes and the dump's salt), the embedded engine's boot
 * in its own, so a bin lists its keys in another order; and the instrumented copy's java.base
 * exports the runtime's package (`komorium.rt`) to everyone, which the JDK the embedded engine
 * boots does not: an export HotSpot's map has and this one lacks is added, to `Module.EVERYONE_SET`
 * (the unqualified export's value; only while the table needs no resize). `isStaticallyExportedOrOpen`'s
 * `HashMap.get` then walks the same nodes (corpus reflection-invoke −24 and method-handles −6 on
 * JDK 17: `Reflection.verifyModuleAccess`, `Lookup.checkAccess`; branch ih39).
 */
function orderArchivedModulePackages(vm: VM, layerMap: JObject, lists: readonly (readonly string[])[]): void {
  if (lists.length === 0 || layerMap.klass.name !== HM) return;
  const modules = new Map<string, JObject>();
  for (const e of hashMapNodes(vm, layerMap)) {
    const v = getField(vm, e, `${HM}$Node`, 'value') as JObject | null;
    if (v !== null) modules.set(vm.jsString(getField(vm, e, `${HM}$Node`, 'key') as JObject), v);
  }
  for (const l of lists) {
    const head = l[0] ?? '';
    const exports = head.startsWith(EXPORTS_HEAD);
    if (!exports && !head.startsWith(OPENS_HEAD)) continue;
    const m = modules.get(head.slice(exports ? EXPORTS_HEAD.length : OPENS_HEAD.length));
    if (m === undefined) continue;
    const map = getField(vm, m, 'java/lang/Module', exports ? 'exportedPackages' : 'openPackages') as JObject | null;
    if (map === null || map.klass.name !== HM) continue;
    const keys = l.slice(1);
    if (exports) {
      const have = new Set(hashMapNodes(vm, map).map((e) => vm.jsString(getField(vm, e, `${HM}$Node`, 'key') as JObject)));
      const everyone = vm.getStatic('java/lang/Module', 'EVERYONE_SET') as JObject | null;
      for (const k of keys) if (!have.has(k) && everyone !== null) addHashMapNode(vm, map, k, everyone);
    }
    orderBins(vm, map, keys, HM, `${HM}$Node`);
  }
}

/** The nodes of a HashMap's plain lists (a TreeNode bin is skipped). */
function hashMapNodes(vm: VM, map: JObject): JObject[] {
  const table = getField(vm, map, HM, 'table') as JArray | null;
  const out: JObject[] = [];
  if (table === null) return out;
  for (const head of table.data as (JObject | null)[]) {
    if (head === null || head.klass.name !== `${HM}$Node`) continue;
    for (let e: JObject | null = head; e !== null; e = getField(vm, e, `${HM}$Node`, 'next') as JObject | null) out.push(e);
  }
  return out;
}

/** Appends a node `key` (interned) → `value` to a HashMap's bin, as `putVal` does when the table needs no resize; nothing when it would. */
function addHashMapNode(vm: VM, map: JObject, key: string, value: JObject): void {
  const node = `${HM}$Node`;
  const table = getField(vm, map, HM, 'table') as JArray | null;
  const size = getField(vm, map, HM, 'size') as number;
  if (table === null || size + 1 > (getField(vm, map, HM, 'threshold') as number)) return;
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(31, h) + key.charCodeAt(i)) | 0;
  const hash = h ^ (h >>> 16);
  const bins = table.data as (JObject | null)[];
  const i = (bins.length - 1) & hash;
  const e = vm.allocObject(vm.classes.loadBoot(node));
  setField(vm, e, node, 'hash', hash);
  setField(vm, e, node, 'key', vm.intern(key));
  setField(vm, e, node, 'value', value);
  setField(vm, e, node, 'next', null);
  let last = bins[i] ?? null;
  if (last === null) bins[i] = e;
  else {
    if (last.klass.name !== node) return;
    for (let n = getField(vm, last, node, 'next') as JObject | null; n !== null; n = getField(vm, n, node, 'next') as JObject | null) last = n;
    setField(vm, last, node, 'next', e);
  }
  setField(vm, map, HM, 'size', size + 1);
  setField(vm, map, HM, 'modCount', (getField(vm, map, HM, 'modCount') as number) + 1);
}

/**
 * A ConcurrentHashMap or HashMap (`cls`, its node class `node`) keyed by strings with each bin's
 * list in `order` (the keys' order in HotSpot's archived map); keys the order lacks keep their
 * place after the others. Plain lists only: a ConcurrentHashMap's TreeBin and ForwardingNode (a
 * negative hash; a HashMap's hashes may be negative) and a HashMap's TreeNode are left alone.
 */
function orderBins(vm: VM, map: JObject, order: readonly string[], cls: string, node: string): void {
  const rank = new Map<string, number>();
  order.forEach((p, i) => rank.set(p, i));
  const table = getField(vm, map, cls, 'table') as JArray | null;
  if (table === null) return;
  const bins = table.data as (JObject | null)[];
  for (let i = 0; i < bins.length; i++) {
    const head = bins[i];
    // A plain list only.
    if (head === null || head.klass.name !== node || (cls === CHM && (getField(vm, head, node, 'hash') as number) < 0)) continue;
    const nodes: JObject[] = [];
    for (let e: JObject | null = head; e !== null; e = getField(vm, e, node, 'next') as JObject | null) nodes.push(e);
    if (nodes.length < 2) continue;
    const key = (e: JObject): number => rank.get(vm.jsString(getField(vm, e, node, 'key') as JObject)) ?? order.length;
    const sorted = nodes.map((e, j) => ({ e, j, r: key(e) })).sort((a, b) => a.r - b.r || a.j - b.j);
    sorted.forEach((x, j) => setField(vm, x.e, node, 'next', j + 1 < sorted.length ? sorted[j + 1]!.e : null));
    bins[i] = sorted[0]!.e;
  }
}

