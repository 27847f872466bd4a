// Natives of jdk.internal.loader.BootLoader and NativeLibraries (no native libraries load).

import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { str } from '../../../util';

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

export const nativeLibrariesNatives: NativeTable = {
  'findBuiltinLib(Ljava/lang/String;)Ljava/lang/String;': () => null,
  'load(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;ZZZ)Z': () => 1,
  'unload(Ljava/lang/String;ZZJ)V': () => undefined,
  'findEntry0(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;)J': () => 0,
  // JDK 25 (no isJNI argument)
  'load(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;ZZ)Z': () => 1,
  'unload(Ljava/lang/String;ZJ)V': () => undefined,
};

/** JDK 25: NativeLibrary.findEntry0(handle, name); no library has entries here. */
export const nativeLibraryNatives: NativeTable = {
  'findEntry0(JLjava/lang/String;)J': () => 0,
};
