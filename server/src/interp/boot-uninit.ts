// Classes the embedded boot initialises that java's does not (JDK 25, issue 15 item 3). java
// boots from the CDS archive's module graph (ArchivedModuleGraph, ArchivedBootLayer): the boot
// layer's descriptors are archived objects, and the enum classes they refer to
// (ModuleDescriptor$Requires$Modifier) are initialised from the archive, without their <clinit>.
// The embedded engine builds the boot layer in Java (ModuleBootstrap.boot2 through
// SystemModules$default): Requires$Modifier.<clinit> reads AccessFlag's masks on JDK 20+, so
// AccessFlag and AccessFlag$Location are initialised at its boot, and the path initialises
// ModuleDescriptor$Modifier and Modules too. java initialises those four later, under main (the
// first dynamic proxy's module: ModuleDescriptor.newModule with Modifier.SYNTHETIC; an
// annotation's proxy), where their <clinit>s are counted: ~4,000 bytecodes that only HotSpot
// counted (docs/BENCHMARKS.md part E, cf16r).
//
// At the end of the boot (before a boot snapshot is taken) these classes are put back to not
// initialised, so their <clinit>s run again where java runs them. Safe for these four: no object
// of the booted JDK holds one of their instances (Requires$Modifier keeps AccessFlag's int
// masks; the boot modules' modifier sets are empty), and their <clinit>s have no effect but
// their own statics. Compiled code may have left out the initialisation check of a class that
// was initialised when it was compiled (jit/codegen.ts initCheck): the boot loader's compiled
// methods are dropped (a restored boot snapshot has none either; they compile again).

import { InitState } from './klass';
import type { VM } from './vm';
import { setField } from './natives/util';

/** The classes put back (internal names), in no particular order; those not initialised are skipped. */
export const BOOT2_ONLY_CLASSES: readonly string[] = [
  'java/lang/module/ModuleDescriptor$Modifier',
  'java/lang/reflect/AccessFlag',
  'java/lang/reflect/AccessFlag$Location',
  'jdk/internal/module/Modules',
];

/** Puts `names` (boot classes) back to not initialised; returns those that were. */
export function putBackUninitialized(vm: VM, names: readonly string[]): string[] {
  const done: string[] = [];
  for (const n of names) {
    const k = vm.classes.boot.get(n);
    if (k === undefined || k.state !== InitState.Initialized) continue;
    k.state = InitState.Loaded;
    // java.lang.Class's caches of an enum's constants (reflection, EnumSet), filled from the old ones.
    if (k.mirror !== null) {
      setField(vm, k.mirror, 'java/lang/Class', 'enumConstants', null);
      setField(vm, k.mirror, 'java/lang/Class', 'enumConstantDirectory', null);
    }
    done.push(n);
  }
  if (done.length > 0) for (const k of vm.classes.boot.values()) for (const m of k.methods) if (typeof m.jit === 'function') m.jit = null;
  return done;
}
