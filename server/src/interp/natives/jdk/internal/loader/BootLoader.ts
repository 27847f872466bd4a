// Natives of jdk.internal.loader.BootLoader and NativeLibraries: no native library loads, each
// is recorded with its file, whose symbols findEntry0 answers from (interp/native-libs.ts).

import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { getField, nonNull, setField, str } from '../../../util';
import type { Long } from '../../../../long';
import { findEntry, loadLibrary } from '../../../../native-libs';
import { pushCall } from '../../../../calls';
import { PENDING } from '../../../../signals';

export const bootLoaderNatives: NativeTable = {
  'setBootLoaderUnnamedModule0(Ljava/lang/Module;)V': (vm: VM, _t: JThread, m: JObject | null) => {
    vm.bootUnnamedModule = m;
  },
  'getSystemPackageNames()[Ljava/lang/String;': (vm: VM) => vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), vm.bootPackages().map((p) => vm.intern(p))),
  'getSystemPackageLocation(Ljava/lang/String;)Ljava/lang/String;': (vm: VM, _t: JThread, p: JObject | null) => {
    const mod = vm.moduleOfBootPackage(str(vm, p));
    return mod ? vm.intern(`jrt:/${mod}`) : null;
  },
};

/**
 * NativeLibraries.load: records the library (native-libs.ts) and sets the impl's handle. The
 * Java code a library's JNI_OnLoad runs on HotSpot is run too, counted with the JDK instrumented:
 * HotSpot's FindClass called from a JNI_OnLoad first asks NativeLibraries.getFromClass() for the
 * loader (jni.cpp); libnet's (net_util.c; java.nio and java.net load it) finds java.lang.Boolean
 * and calls Boolean.getBoolean("java.net.preferIPv4Stack"); libnio's finds a class once (seen in
 * profiles of JDK 17's copy: getFromClass only).
 */
function load(vm: VM, t: JThread, impl: JObject | null, name: JObject | null): unknown {
  const o = nonNull(impl);
  const from = getField(vm, o, IMPL, 'fromClass') as JObject | null;
  const loader = from === null ? null : vm.classOfMirror(from).loader;
  const file = str(vm, name);
  setField(vm, o, IMPL, 'handle', loadLibrary(vm, file, loader));
  const lib = /(?:^|\/)lib(net|nio)\.so$/.exec(file)?.[1];
  if (lib === undefined) return 1;
  const libraries = vm.classes.loadBoot('jdk/internal/loader/NativeLibraries');
  const k = vm.classes.loadBoot('java/lang/Boolean');
  const getBoolean = (): never => {
    pushCall(vm, t, vm.findMethod(k, 'getBoolean', '(Ljava/lang/String;)Z'), [vm.newString('java.net.preferIPv4Stack')], { kind: 'I', resumePc: -1, base: -1, onReturn: () => 1 });
    throw PENDING;
  };
  // getBoolean's result passes through getFromClass's glue too (calls.ts): the first return only goes on.
  let found = false;
  const onReturn = (r: unknown): unknown => {
    if (found) return r;
    found = true;
    return lib === 'net' ? vm.initializeThen(t, k, getBoolean) : 1;
  };
  pushCall(vm, t, vm.findMethod(libraries, 'getFromClass', '()Ljava/lang/Class;'), [], { kind: 'I', resumePc: -1, base: -1, onReturn });
  throw PENDING;
}

const IMPL = 'jdk/internal/loader/NativeLibraries$NativeLibraryImpl';

export const nativeLibrariesNatives: NativeTable = {
  'findBuiltinLib(Ljava/lang/String;)Ljava/lang/String;': () => null,
  'load(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;ZZZ)Z': (vm: VM, t: JThread, impl: JObject | null, name: JObject | null) => load(vm, t, impl, name),
  'unload(Ljava/lang/String;ZZJ)V': () => undefined,
  'findEntry0(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;)J': (vm: VM, _t: JThread, impl: JObject | null, name: JObject | null) =>
    findEntry(vm, Number(getField(vm, nonNull(impl), IMPL, 'handle')), str(vm, name)),
  // JDK 25 (no isJNI argument)
  'load(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;ZZ)Z': (vm: VM, t: JThread, impl: JObject | null, name: JObject | null) => load(vm, t, impl, name),
  'unload(Ljava/lang/String;ZJ)V': () => undefined,
};

/** JDK 25: NativeLibrary.findEntry0(handle, name). */
export const nativeLibraryNatives: NativeTable = {
  'findEntry0(JLjava/lang/String;)J': (vm: VM, _t: JThread, handle: Long, name: JObject | null) => findEntry(vm, Number(handle), str(vm, name)),
};
