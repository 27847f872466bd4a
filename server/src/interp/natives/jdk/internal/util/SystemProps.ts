// Natives of jdk.internal.util.SystemProps$Raw: the platform and VM properties, as HotSpot 17
// on Linux reports them (versions from the JDK's `release` file).

import type { JObject } from '../../../../object';
import { jnuEncodingIndex } from '../../../../properties';
import { PENDING } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import { pushCall } from '../../../../calls';
import type { NativeTable } from '../../../registry';

/** Encodings libjava's InitializeEncoding converts itself, without a Charset (jni_util.c). */
const FAST_WITHOUT_CHARSET = new Set(['8859_1', 'ISO8859-1', 'ISO8859_1', 'ISO-8859-1', 'ISO646-US', 'Cp1252', 'utf-16le']);

/**
 * JDK 25's libjava: platformProperties first runs InitializeEncoding(sun.jnu.encoding), which
 * (since JDK 25's jni_util.c keeps a Charset, not a name) calls `Charset.forName` with a new
 * String of the encoding's name (JNI NewStringUTF), for UTF-8 and every encoding it has no fast
 * path for; when that fails (an exception, cleared, or null) it tries "UTF-8" the same way.
 * That first lookup leaves `Charset.cache1` holding this String, not the property's, so the
 * launcher's `makePlatformString` (one per argument) and every later lookup of the encoding
 * compare two equal Strings (`StringLatin1.equals`) where the property's own object matched
 * by identity. JDK 17's InitializeEncoding calls no Java. Then `done` builds the array.
 */
function initializeEncoding(vm: VM, t: JThread, encoding: string | null, done: () => JObject): unknown {
  if (vm.opts.jdk.feature < 25 || encoding === null || FAST_WITHOUT_CHARSET.has(encoding)) return done();
  const k = vm.classes.loadBoot('java/nio/charset/Charset');
  const forName = vm.findMethod(k, 'forName', '(Ljava/lang/String;)Ljava/nio/charset/Charset;');
  let result: JObject | null = null;
  // A later attempt's result passes through the earlier attempts' glues too (calls.ts).
  const finish = (): JObject => (result ??= done());
  const attempt = (name: string): void => {
    pushCall(vm, t, forName, [vm.newString(name)], {
      kind: 'L',
      resumePc: -1,
      base: -1,
      onReturn: (cs) => {
        if (cs !== null || name === 'UTF-8' || result !== null) return finish();
        attempt('UTF-8');
        return PENDING;
      },
      onThrow: (exc) => {
        if (name === 'UTF-8') return exc;
        attempt('UTF-8');
        return null;
      },
    });
  };
  return vm.initializeThen(t, k, () => {
    attempt(encoding);
    throw PENDING;
  });
}

export const natives: NativeTable = {
  'platformProperties()[Ljava/lang/String;': (vm: VM, t: JThread) => {
    const p = vm.platformProperties();
    const array = (): JObject => vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), p.map((s) => (s === null ? null : vm.newString(s))));
    return initializeEncoding(vm, t, p[jnuEncodingIndex(vm.opts.jdk.feature)] ?? null, array);
  },
  'vmProperties()[Ljava/lang/String;': (vm: VM) => {
    const kv: (string | null)[] = [];
    for (const [k, v] of vm.allVmProperties()) kv.push(k, v);
    return vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), kv.map((s) => (s === null ? null : vm.newString(s))));
  },
};
