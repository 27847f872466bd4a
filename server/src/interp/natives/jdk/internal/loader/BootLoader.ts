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
 * Java code HotSpot runs inside the native is run too, counted with the JDK instrumented:
 * HotSpot's FindClass called under NativeLibraries.load first asks NativeLibraries.getFromClass()
 * for the loader (jni.cpp). On JDK 17 the first load of the process finds a class in libjava's
 * initIDs (NativeLibraries.c: NativeLibraryImpl, while its handle field ID is unset), whatever
 * the library (corpus hashing: libzip under main, getFromClass on HotSpot only before); libnet's
 * JNI_OnLoad (net_util.c; java.nio and java.net load it) finds java.lang.Boolean and calls
 * Boolean.getBoolean("java.net.preferIPv4Stack"); libnio's JNI_OnLoad only asks GetEnv. JDK 25
 * the same (fp37, NativeFirstLoad at granularity 1: getFromClass under CRC32's libzip load, the
 * process's first, and under libnet's, none under libnio's; before, the embedded engine made one
 * at libnio's load and none at the first: corpus hashing's samples elsewhere, 97.15 %).
 */
function load(vm: VM, t: JThread, impl: JObject | null, name: JObject | null): unknown {
  const o = nonNull(impl);
  const from = getField(vm, o, IMPL, 'fromClass') as JObject | null;
  const loader = from === null ? null : vm.classOfMirror(from).loader;
  const file = str(vm, name);
  const first = vm.nativeLibraries.length === 0;
  setField(vm, o, IMPL, 'handle', loadLibrary(vm, file, loader));
  const lib = /(?:^|\/)lib(net)\.so$/.exec(file)?.[1];
  const libraries = vm.classes.loadBoot('jdk/internal/loader/NativeLibraries');
  const fromClass = (onReturn: (r: unknown) => unknown): never => {
    pushCall(vm, t, vm.findMethod(libraries, 'getFromClass', '()Ljava/lang/Class;'), [], { kind: 'I', resumePc: -1, base: -1, onReturn });
    throw PENDING;
  };
  const getBoolean = (onReturn: (r: unknown) => unknown): unknown => {
    const k = vm.classes.loadBoot('java/lang/Boolean');
    return vm.initializeThen(t, k, () => {
      pushCall(vm, t, vm.findMethod(k, 'getBoolean', '(Ljava/lang/String;)Z'), [vm.newString('java.net.preferIPv4Stack')], { kind: 'I', resumePc: -1, base: -1, onReturn });
      throw PENDING;
    });
  };
  const steps: ((onReturn: (r: unknown) => unknown) => unknown)[] = [];
  if (first) steps.push(fromClass);
  if (lib === 'net') steps.push(fromClass, getBoolean);
  return upcalls(steps);
}

/**
 * Runs `steps` (each pushes one upcall with the glue's `onReturn` it is given) one after the
 * other, then returns 1. A later call's result passes through the earlier calls' glues too
 * (calls.ts): only the first return of each glue goes on.
 */
function upcalls(steps: readonly ((onReturn: (r: unknown) => unknown) => unknown)[]): unknown {
  const glue = (i: number): ((r: unknown) => unknown) => {
    let done = false;
    return (r: unknown): unknown => {
      if (done) return r;
      done = true;
      return i + 1 < steps.length ? steps[i + 1]!(glue(i + 1)) : 1;
    };
  };
  return steps.length === 0 ? 1 : steps[0]!(glue(0));
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
