// Natives of jdk.internal.util.SystemProps$Raw: the platform and VM properties, as HotSpot 17
// on Linux reports them (versions from the JDK's `release` file).

import type { JObject } from '../../../../object';
import { pushCall } from '../../../../calls';
import { platformPropertyIndex } from '../../../../properties';
import { PENDING } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';

export const natives: NativeTable = {
  'platformProperties()[Ljava/lang/String;': (vm: VM, t: JThread) => {
    const p = vm.platformProperties();
    const array = (): JObject => vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), p.map((s) => (s === null ? null : vm.newString(s))));
    const jnu = p[platformPropertyIndex(vm.opts.jdk.feature, 'sun.jnu.encoding')] ?? null;
    return vm.opts.jdk.feature >= 25 && jnu !== null && charsetNamed(jnu) ? initializeEncoding(vm, t, jnu, array) : array();
  },
  'vmProperties()[Ljava/lang/String;': (vm: VM) => {
    const kv: (string | null)[] = [];
    for (const [k, v] of vm.allVmProperties()) kv.push(k, v);
    return vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), kv.map((s) => (s === null ? null : vm.newString(s))));
  },
};

/**
 * Whether libjava's InitializeEncoding (jni_util.c, JDK 25) looks the encoding up as a Charset:
 * UTF-8 and the encodings without a fast path of its own do; ISO-8859-1 (its four spellings),
 * ISO646-US and Cp1252 / utf-16le are converted in C.
 */
function charsetNamed(encoding: string): boolean {
  return !['8859_1', 'ISO8859-1', 'ISO8859_1', 'ISO-8859-1', 'ISO646-US', 'Cp1252', 'utf-16le'].includes(encoding);
}

/**
 * JDK 25's platformProperties first calls libjava's InitializeEncoding with sun.jnu.encoding,
 * which calls `Charset.forName` with a String of its own (NewStringUTF) before any property is
 * made: that first lookup puts this String, not the property's, into Charset's one-entry cache
 * (`cache1`). System.initPhase1's `Charset.isSupported(sun.jnu.encoding)` then finds it there by
 * `equals`, so later lookups of the property's value (sun.nio.fs.Util.<clinit>'s, counted)
 * compare the two Strings' contents on HotSpot; without this call the property's own String
 * was cached and `equals` returned at its identity check (7 samples at granularity 1 under
 * Util.<clinit>, corpus stdin-lines). Then the properties' array, as `array` makes it.
 */
function initializeEncoding(vm: VM, t: JThread, encoding: string, array: () => JObject): unknown {
  const charset = vm.classes.loadBoot('java/nio/charset/Charset');
  return vm.initializeThen(t, charset, () => {
    const forName = vm.findMethod(charset, 'forName', '(Ljava/lang/String;)Ljava/nio/charset/Charset;');
    let made: JObject | null = null; // the glue's first return only (calls.ts)
    pushCall(vm, t, forName, [vm.newString(encoding)], { kind: 'L', resumePc: -1, base: -1, onReturn: () => (made ??= array()) });
    throw PENDING;
  });
}
