// Natives of jdk.internal.misc.CDS. No archive is mapped here, but `initializeFromArchive`
// fills the archived static fields java would get from its CDS archive, so that the class's
// `<clinit>` takes the same short path as on HotSpot (cds-archive.ts): the boxing caches and
// FDBigInteger's powers of 5 and Locale's BaseLocales, built in the VM without running (or counting) Java code, as
// the dump's objects were. Classes not in the JDK's class list, or a JDK without an archive,
// get nothing (their `<clinit>` computes the values, as on java).

import type { JClass } from '../../../../klass';
import type { JArray, JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { classOf } from '../../../util';
import { archiveHolds } from '../../../../cds-archive';

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

/** What java's archive holds for a class's archived field (heapShared.cpp's entry fields), if this VM emulates it. */
function archivedValue(vm: VM, name: string): { field: string; value: () => JArray } | undefined {
  switch (name) {
    case 'java/lang/Integer$IntegerCache': return { field: 'archivedCache', value: () => boxes(vm, 'java/lang/Integer', -128, 256) };
    case 'java/lang/Long$LongCache': return { field: 'archivedCache', value: () => boxes(vm, 'java/lang/Long', -128, 256) };
    case 'java/lang/Short$ShortCache': return { field: 'archivedCache', value: () => boxes(vm, 'java/lang/Short', -128, 256) };
    case 'java/lang/Byte$ByteCache': return { field: 'archivedCache', value: () => boxes(vm, 'java/lang/Byte', -128, 256) };
    case 'java/lang/Character$CharacterCache': return { field: 'archivedCache', value: () => boxes(vm, 'java/lang/Character', 0, 128) };
    case 'sun/util/locale/BaseLocale': return { field: 'constantBaseLocales', value: () => baseLocales(vm) };
    case 'jdk/internal/math/FDBigInteger': return { field: 'archivedCaches', value: () => fdBigIntegerCaches(vm) };
    default: return undefined;
  }
}

export const cdsNatives: NativeTable = {
  'isDumpingClassList0()Z': () => 0,
  'isDumpingArchive0()Z': () => 0,
  'isSharingEnabled0()Z': () => 0,
  'logLambdaFormInvoker(Ljava/lang/String;)V': () => undefined,
  'initializeFromArchive(Ljava/lang/Class;)V': (vm: VM, _t: JThread, mirror: JObject | null) => {
    const k = classOf(vm, mirror);
    if (k.loader !== null || !archiveHolds(vm.opts.jdk, k.name)) return undefined;
    const a = archivedValue(vm, k.name);
    if (a !== undefined) setStaticOf(vm, k, a.field, a.value());
    return undefined;
  },
  'defineArchivedModules(Ljava/lang/ClassLoader;Ljava/lang/ClassLoader;)V': () => undefined,
  'getRandomSeedForDumping()J': () => 0,
  'dumpClassList(Ljava/lang/String;)V': () => undefined,
  'dumpDynamicArchive(Ljava/lang/String;)V': () => undefined,
  // JDK 25: no archive is used, dumped or being dumped (no bit of CDS.java's status set).
  'getCDSConfigStatus()I': () => 0,
  'needsClassInitBarrier0(Ljava/lang/Class;)Z': () => 0,
};
