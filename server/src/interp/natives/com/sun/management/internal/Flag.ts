// Natives of com.sun.management.internal.Flag (HotSpotDiagnosticMXBean.getVMOption,
// getDiagnosticOptions, setVMOption): the few HotSpot flags programs and libraries ask about
// (heap size, compressed oops and object alignment for size estimates, the collector, heap
// dumps), with HotSpot's default values and origins. Others do not exist here (getVMOption:
// IllegalArgumentException). The manageable ones can be set (origin MANAGEMENT) but change
// nothing in this VM (no heap dump is written).

import type { JArray, JObject } from '../../../../../object';
import { VmError } from '../../../../../signals';
import type { JThread } from '../../../../../thread';
import type { VM } from '../../../../../vm';
import type { NativeTable } from '../../../../registry';
import { nonNull, setField, str } from '../../../../util';

type Value = boolean | number | string;
type Origin = 'DEFAULT' | 'ERGONOMIC' | 'MANAGEMENT';

interface FlagDef {
  name: string;
  value: (vm: VM) => Value;
  origin: (feature: number) => Origin;
  manageable: boolean;
}

const def = (o: Origin) => (): Origin => o;

const FLAGS: FlagDef[] = [
  { name: 'ActiveProcessorCount', value: () => -1, origin: def('DEFAULT'), manageable: false },
  { name: 'HeapDumpOnOutOfMemoryError', value: () => false, origin: def('DEFAULT'), manageable: true },
  { name: 'HeapDumpPath', value: () => '', origin: def('DEFAULT'), manageable: true },
  { name: 'MaxHeapSize', value: (vm) => vm.maxHeap, origin: def('ERGONOMIC'), manageable: false },
  { name: 'ObjectAlignmentInBytes', value: () => 8, origin: def('DEFAULT'), manageable: false },
  { name: 'UseCompressedClassPointers', value: () => true, origin: (f) => (f >= 21 ? 'DEFAULT' : 'ERGONOMIC'), manageable: false },
  { name: 'UseCompressedOops', value: () => true, origin: def('ERGONOMIC'), manageable: false },
  { name: 'UseG1GC', value: () => true, origin: def('ERGONOMIC'), manageable: false },
  { name: 'UseParallelGC', value: () => false, origin: def('DEFAULT'), manageable: false },
  { name: 'UseSerialGC', value: () => false, origin: def('DEFAULT'), manageable: false },
  { name: 'UseZGC', value: () => false, origin: def('DEFAULT'), manageable: false },
];

/** Values set through setVMOption, per VM. */
const setValues = new WeakMap<VM, Map<string, Value>>();

function valuesOf(vm: VM): Map<string, Value> {
  let m = setValues.get(vm);
  if (m === undefined) setValues.set(vm, (m = new Map()));
  return m;
}

function box(vm: VM, v: Value): JObject {
  if (typeof v === 'string') return vm.newString(v);
  if (typeof v === 'boolean') return vm.box('Z', v ? 1 : 0);
  return vm.box('J', v);
}

/** A Flag object (its fields as its constructor sets them). */
function flagObject(vm: VM, f: FlagDef): JObject {
  const set = valuesOf(vm).get(f.name);
  const k = vm.classes.loadBoot('com/sun/management/internal/Flag');
  const o = vm.allocObject(k);
  setField(vm, o, null, 'name', vm.newString(f.name));
  setField(vm, o, null, 'value', box(vm, set ?? f.value(vm)));
  setField(vm, o, null, 'origin', vm.getStatic('com/sun/management/VMOption$Origin', set === undefined ? f.origin(vm.opts.jdk.feature) : 'MANAGEMENT'));
  setField(vm, o, null, 'writeable', f.manageable ? 1 : 0);
  setField(vm, o, null, 'external', f.manageable ? 1 : 0);
  return o;
}

function setValue(vm: VM, name: JObject | null, v: Value): void {
  const n = str(vm, name);
  const f = FLAGS.find((x) => x.name === n);
  if (f === undefined || !f.manageable) throw new VmError('java/lang/IllegalArgumentException', `VM Option "${n}" is not writeable`);
  valuesOf(vm).set(n, v);
}

export const natives: NativeTable = {
  'initialize()V': (vm: VM, t: JThread) => vm.initializeThen(t, vm.classes.loadBoot('com/sun/management/VMOption$Origin'), () => undefined),
  'getInternalFlagCount()I': () => FLAGS.length,
  'getAllFlagNames()[Ljava/lang/String;': (vm: VM) =>
    vm.newObjectArray(
      vm.classes.loadBoot('java/lang/String'),
      FLAGS.map((f) => vm.newString(f.name)),
    ),
  // Fills flags[i] for each known name (all flags when names is null); returns how many.
  'getFlags([Ljava/lang/String;[Lcom/sun/management/internal/Flag;I)I': (vm: VM, t: JThread, names: JObject | null, flags: JObject | null, count: number) => {
    const out = (nonNull(flags) as JArray).data as (JObject | null)[];
    return vm.initializeThen(t, vm.classes.loadBoot('com/sun/management/VMOption$Origin'), () => {
      const wanted = names === null ? FLAGS : ((names as JArray).data as (JObject | null)[]).map((n) => (n === null ? undefined : FLAGS.find((f) => f.name === vm.jsString(n))));
      let filled = 0;
      for (let i = 0; i < Math.min(count, wanted.length, out.length); i++) {
        const f = wanted[i];
        if (f === undefined) continue;
        out[i] = flagObject(vm, f);
        filled++;
      }
      return filled;
    });
  },
  'setLongValue(Ljava/lang/String;J)V': (vm: VM, _t: JThread, name: JObject | null, v: number | bigint) => setValue(vm, name, Number(v)),
  'setDoubleValue(Ljava/lang/String;D)V': (vm: VM, _t: JThread, name: JObject | null, v: number) => setValue(vm, name, v),
  'setBooleanValue(Ljava/lang/String;Z)V': (vm: VM, _t: JThread, name: JObject | null, v: number) => setValue(vm, name, v !== 0),
  'setStringValue(Ljava/lang/String;Ljava/lang/String;)V': (vm: VM, _t: JThread, name: JObject | null, v: JObject | null) => setValue(vm, name, v === null ? '' : vm.jsString(v)),
};
