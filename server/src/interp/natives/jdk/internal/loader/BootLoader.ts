// Natives of jdk.internal.loader.BootLoader and NativeLibraries: no native library loads, each
// is recorded with its file, whose symbols findEntry0 answers from (interp/native-libs.ts).

import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { getField, nonNull, setField, str } from '../../../util';
import type { Long } from '../../../../long';
import { findEntry, loadLibrary } from '../../../../native-libs';

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

/** NativeLibraries.load: records the library (native-libs.ts) and sets the impl's handle. */
function load(vm: VM, impl: JObject | null, name: JObject | null): number {
  const o = nonNull(impl);
  const from = getField(vm, o, IMPL, 'fromClass') as JObject | null;
  const loader = from === null ? null : vm.classOfMirror(from).loader;
  setField(vm, o, IMPL, 'handle', loadLibrary(vm, str(vm, name), loader));
  return 1;
}

const IMPL = 'jdk/internal/loader/NativeLibraries$NativeLibraryImpl';

export const nativeLibrariesNatives: NativeTable = {
  'findBuiltinLib(Ljava/lang/String;)Ljava/lang/String;': () => null,
  'load(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;ZZZ)Z': (vm: VM, _t: JThread, impl: JObject | null, name: JObject | null) => load(vm, impl, name),
  'unload(Ljava/lang/String;ZZJ)V': () => undefined,
  'findEntry0(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;)J': (vm: VM, _t: JThread, impl: JObject | null, name: JObject | null) =>
    findEntry(vm, Number(getField(vm, nonNull(impl), IMPL, 'handle')), str(vm, name)),
  // JDK 25 (no isJNI argument)
  'load(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;ZZ)Z': (vm: VM, _t: JThread, impl: JObject | null, name: JObject | null) => load(vm, impl, name),
  'unload(Ljava/lang/String;ZJ)V': () => undefined,
};

/** JDK 25: NativeLibrary.findEntry0(handle, name). */
export const nativeLibraryNatives: NativeTable = {
  'findEntry0(JLjava/lang/String;)J': (vm: VM, _t: JThread, handle: Long, name: JObject | null) => findEntry(vm, Number(handle), str(vm, name)),
};
