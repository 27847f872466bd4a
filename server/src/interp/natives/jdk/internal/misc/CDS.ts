// Natives of jdk.internal.misc.CDS. No archive is mapped here, but `initializeFromArchive`
// fills the archived static fields java would get from its CDS archive, so that the class's
// `<clinit>` takes the same short path as on HotSpot (cds-archive.ts): the boxing caches,
// FDBigInteger's powers of 5, Locale's BaseLocales and Attributes.Name's KNOWN_NAMES (the jar
// manifest's names: a program in a jar reads its manifest in start-up), built in the VM without running (or counting) Java code, as
// the dump's objects were. Classes not in the JDK's class list, or a JDK without an archive,
// get nothing (their `<clinit>` computes the values, as on java).

import type { JClass } from '../../../../klass';
import type { JArray, JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { classOf } from '../../../util';
import { archiveHolds, usesArchive } from '../../../../cds-archive';
import { javaStringHash } from '../../../../strings';
import { archivedGraphIdentities } from '../../../../vm-ihash';

type Fields = JObject & Record<string, unknown>;

function setStaticOf(vm: VM, k: JClass, name: string, v: unknown): void {
  const f = vm.field(k, name);
  f.klass.staticValues[f.slot] = v;
}

/** `count` new boxes of class `cls` (`value` = first + i), as an array of that class. */
function boxes(vm: VM, cls: string, first: number, count: number): JArray {
  const k = vm.classes.loadBoot(cls);
  const key = vm.field(k, 'value').key;
  const items: JObject[] = [];
  for (let i = 0; i < count; i++) {
    const o = vm.allocObject(k) as Fields;
    o[key] = first + i;
    items.push(o);
  }
  return vm.newObjectArray(k, items);
}

const POW_5_CACHE_SIZE = 340; // FDBigInteger.MAX_FIVE_POW

/**
 * FDBigInteger's `archivedCaches`, {SMALL_5_POW, LONG_5_POW, POW_5_CACHE, ZERO}, as its
 * `<clinit>` computes them (JDK 17 and 25): 5^0..5^13 as ints, 5^0..5^26 as longs, 340 immutable
 * FDBigIntegers 5^i (the first 14 from one-word arrays, each later one `prev.mult(5)`: a
 * `data` one word longer than the previous one's `nWords`, leading zero words trimmed) and zero.
 */
function fdBigIntegerCaches(vm: VM): JArray {
  const k = vm.classes.loadBoot('jdk/internal/math/FDBigInteger');
  const [fData, fOffset, fWords, fImm] = ['data', 'offset', 'nWords', 'isImmutable'].map((n) => vm.field(k, n).key) as [string, string, string, string];
  const make = (data: Int32Array): JObject => {
    let n = data.length;
    while (n > 0 && data[n - 1] === 0) n--;
    const o = vm.allocObject(k) as Fields;
    o[fData] = vm.newArray('I', data);
    o[fOffset] = 0;
    o[fWords] = n;
    o[fImm] = 1;
    return o;
  };
  const small = new Int32Array(14);
  for (let i = 0, v = 1; i < small.length; i++, v *= 5) small[i] = v;
  const long = new BigInt64Array(27);
  for (let i = 0, v = 1n; i < long.length; i++, v *= 5n) long[i] = v;
  const cache: JObject[] = [];
  let words = new Int32Array(0);
  for (let i = 0; i < POW_5_CACHE_SIZE; i++) {
    if (i < small.length) words = Int32Array.of(small[i]!);
    else {
      // prev.mult(5): r = new int[prev.nWords + 1]
      let n = words.length;
      while (n > 0 && words[n - 1] === 0) n--;
      const r = new Int32Array(n + 1);
      let carry = 0;
      for (let j = 0; j < n; j++) {
        const p = (words[j]! >>> 0) * 5 + carry;
        r[j] = p; // ToInt32: the low word
        carry = Math.floor(p / 0x100000000);
      }
      r[n] = carry;
      words = r;
    }
    cache.push(make(words));
  }
  const zero = make(new Int32Array(0));
  const object = vm.classes.loadBoot('java/lang/Object');
  return vm.newObjectArray(object, [vm.newArray('I', small), vm.newArray('J', long), vm.newObjectArray(k, cache), zero]);
}

/** Locale's constants as BaseLocale's `<clinit>` makes them (JDK 17 and 25): index field, language, region. */
const BASE_LOCALES: readonly [string, string, string][] = [
  ['ENGLISH', 'en', ''], ['FRENCH', 'fr', ''], ['GERMAN', 'de', ''], ['ITALIAN', 'it', ''], ['JAPANESE', 'ja', ''],
  ['KOREAN', 'ko', ''], ['CHINESE', 'zh', ''], ['SIMPLIFIED_CHINESE', 'zh', 'CN'], ['TRADITIONAL_CHINESE', 'zh', 'TW'],
  ['FRANCE', 'fr', 'FR'], ['GERMANY', 'de', 'DE'], ['ITALY', 'it', 'IT'], ['JAPAN', 'ja', 'JP'], ['KOREA', 'ko', 'KR'],
  ['UK', 'en', 'GB'], ['US', 'en', 'US'], ['CANADA', 'en', 'CA'], ['CANADA_FRENCH', 'fr', 'CA'], ['ROOT', '', ''],
];

/** BaseLocale's `constantBaseLocales`: `createInstance(language, region)` = (language, "", region, "") of interned literals. */
function baseLocales(vm: VM): JArray {
  const k = vm.classes.loadBoot('sun/util/locale/BaseLocale');
  const n = vm.field(k, 'NUM_CONSTANTS');
  const items: (JObject | null)[] = new Array<JObject | null>(Number(k.staticValues[n.slot])).fill(null);
  const [fl, fs, fr, fv] = ['language', 'script', 'region', 'variant'].map((x) => vm.field(k, x).key) as [string, string, string, string];
  for (const [index, language, region] of BASE_LOCALES) {
    const o = vm.allocObject(k) as Fields;
    o[fl] = vm.intern(language);
    o[fs] = vm.intern('');
    o[fr] = vm.intern(region);
    o[fv] = vm.intern('');
    const f = vm.field(k, index);
    items[Number(f.klass.staticValues[f.slot])] = o;
  }
  return vm.newObjectArray(k, items);
}

/** Attributes.Name's `<clinit>`: the public constants, then the other names, in its `addName` order (JDK 17, 25). */
const MANIFEST_NAMES = ['Manifest-Version', 'Signature-Version', 'Content-Type', 'Class-Path', 'Main-Class', 'Sealed', 'Extension-List', 'Extension-Name', 'Extension-Installation', 'Implementation-Title', 'Implementation-Version', 'Implementation-Vendor', 'Implementation-Vendor-Id', 'Implementation-URL', 'Specification-Title', 'Specification-Version', 'Specification-Vendor', 'Multi-Release'];
const KNOWN_NAMES: Record<number, readonly string[]> = {
  17: [...MANIFEST_NAMES, 'Add-Exports', 'Add-Opens', 'Launcher-Agent-Class', 'JavaFX-Application-Class', 'Name', 'Created-By', 'SHA1-Digest', 'SHA-256-Digest'],
  25: [...MANIFEST_NAMES, 'Add-Exports', 'Add-Opens', 'Enable-Native-Access', 'Launcher-Agent-Class', 'JavaFX-Application-Class', 'Name', 'Created-By', 'SHA1-Digest', 'SHA-256-Digest', 'SHA-384-Digest'],
};

/**
 * Attributes.Name's `KNOWN_NAMES` as its `<clinit>` makes it: a Name per attribute (`name`
 * interned, `hashCode` its case-insensitive hash), put into `new HashMap<>(64)` in `addName`
 * order, then `Map.copyOf`: a MapN filled in the HashMap's iteration order (bins of
 * `(h ^ h >>> 16) & 63` ascending, each in insertion order; 26 or 28 names stay under the
 * threshold of 48), each key at `floorMod(hashCode, table.length / 2) * 2` or the next free pair.
 * The keys are the interned literals: the `<clinit>`'s later `KNOWN_NAMES.get("Main-Class")`
 * finds its key by identity, as on HotSpot, whose archive holds interned strings.
 */
function knownNames(vm: VM, names: readonly string[]): JObject {
  const nk = vm.classes.loadBoot('java/util/jar/Attributes$Name');
  const [fName, fHash] = ['name', 'hashCode'].map((x) => vm.field(nk, x).key) as [string, string];
  const bins: [string, JObject][][] = Array.from({ length: 64 }, () => []);
  for (const name of names) {
    let h = 0;
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      h = (Math.imul(31, h) + (c >= 0x61 && c <= 0x7a ? c - 0x20 : c)) | 0;
    }
    const o = vm.allocObject(nk) as Fields;
    o[fName] = vm.intern(name);
    o[fHash] = h;
    const sh = javaStringHash(name);
    bins[(sh ^ (sh >>> 16)) & 63]!.push([name, o]);
  }
  const entries = bins.flat();
  const table: (JObject | null)[] = new Array<JObject | null>(4 * entries.length).fill(null);
  const pairs = table.length >> 1;
  for (const [name, o] of entries) {
    let idx = (((javaStringHash(name) % pairs) + pairs) % pairs) << 1;
    while (table[idx] !== null) if ((idx += 2) === table.length) idx = 0;
    table[idx] = vm.intern(name);
    table[idx + 1] = o;
  }
  const mk = vm.classes.loadBoot('java/util/ImmutableCollections$MapN');
  const map = vm.allocObject(mk) as Fields;
  map[vm.field(mk, 'table').key] = vm.newObjectArray(vm.classes.loadBoot('java/lang/Object'), table);
  map[vm.field(mk, 'size').key] = entries.length;
  return map;
}

/** What java's archive holds for a class's archived field (heapShared.cpp's entry fields), if this VM emulates it. */
function archivedValue(vm: VM, name: string): { field: string; value: () => JObject } | undefined {
  switch (name) {
    case 'java/lang/Integer$IntegerCache': return { field: 'archivedCache', value: () => boxes(vm, 'java/lang/Integer', -128, 256) };
    case 'java/lang/Long$LongCache': return { field: 'archivedCache', value: () => boxes(vm, 'java/lang/Long', -128, 256) };
    case 'java/lang/Short$ShortCache': return { field: 'archivedCache', value: () => boxes(vm, 'java/lang/Short', -128, 256) };
    case 'java/lang/Byte$ByteCache': return { field: 'archivedCache', value: () => boxes(vm, 'java/lang/Byte', -128, 256) };
    case 'java/lang/Character$CharacterCache': return { field: 'archivedCache', value: () => boxes(vm, 'java/lang/Character', 0, 128) };
    case 'sun/util/locale/BaseLocale': return { field: 'constantBaseLocales', value: () => baseLocales(vm) };
    case 'jdk/internal/math/FDBigInteger': return { field: 'archivedCaches', value: () => fdBigIntegerCaches(vm) };
    case 'java/util/jar/Attributes$Name': {
      const names = KNOWN_NAMES[vm.opts.jdk.feature];
      return names ? { field: 'KNOWN_NAMES', value: () => knownNames(vm, names) } : undefined;
    }
    default: return undefined;
  }
}

export const cdsNatives: NativeTable = {
  'isDumpingClassList0()Z': () => 0,
  'isDumpingArchive0()Z': () => 0,
  // JDK 17: java maps its archive when the JDK has one, so LambdaProxyClassArchive.find goes on
  // past its `isSharingEnabled()` test to `implementation.internalMemberName()` and
  // `findFromArchive` (18 bytecodes more a proxy the program's code asks LambdaMetafactory for:
  // corpus method-handles' `metafactory` call; branch ih39). findFromArchive answers null on 17
  // (natives/java/lang/invoke/LambdaProxyClassArchive.ts): the JDK generates the proxy, as before.
  'isSharingEnabled0()Z': (vm: VM) => (usesArchive(vm.opts.jdk) ? 1 : 0),
  'logLambdaFormInvoker(Ljava/lang/String;)V': () => undefined,
  'initializeFromArchive(Ljava/lang/Class;)V': (vm: VM, _t: JThread, mirror: JObject | null) => {
    const k = classOf(vm, mirror);
    if (k.loader !== null || !archiveHolds(vm.opts.jdk, k.name)) return undefined;
    const a = archivedValue(vm, k.name);
    if (a !== undefined) {
      const v = a.value();
      archivedGraphIdentities(vm, v);
      setStaticOf(vm, k, a.field, v);
    }
    return undefined;
  },
  'defineArchivedModules(Ljava/lang/ClassLoader;Ljava/lang/ClassLoader;)V': () => undefined,
  'getRandomSeedForDumping()J': () => 0,
  'dumpClassList(Ljava/lang/String;)V': () => undefined,
  'dumpDynamicArchive(Ljava/lang/String;)V': () => undefined,
  // JDK 25: no archive is dumped or being dumped; one is used (IS_USING_ARCHIVE, 1 << 4) when
  // java runs the JDK with one: InnerClassLambdaMetafactory then asks LambdaProxyClassArchive for
  // the archived lambda proxies (natives/java/lang/invoke/LambdaProxyClassArchive.ts).
  'getCDSConfigStatus()I': (vm: VM) => (usesArchive(vm.opts.jdk) ? 1 << 4 : 0),
  'needsClassInitBarrier0(Ljava/lang/Class;)Z': () => 0,
};
