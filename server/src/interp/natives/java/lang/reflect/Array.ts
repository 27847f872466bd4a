// Natives of java.lang.reflect.Array.

import { JArray, type JObject } from '../../../../object';
import { newArray, newMultiArray, isAssignable } from '../../../../ops';
import { VmError } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { classOf } from '../../../util';

function arr(o: JObject | null): JArray {
  if (o === null) throw new VmError('java/lang/NullPointerException', null);
  if (!(o instanceof JArray)) throw new VmError('java/lang/IllegalArgumentException', 'Argument is not an array');
  return o;
}

function index(a: JArray, i: number): void {
  if (i < 0 || i >= a.data.length) throw new VmError('java/lang/ArrayIndexOutOfBoundsException', `Index ${i} out of bounds for length ${a.data.length}`);
}

const BOX: Record<string, [string, string]> = {
  Z: ['java/lang/Boolean', 'value'],
  B: ['java/lang/Byte', 'value'],
  C: ['java/lang/Character', 'value'],
  S: ['java/lang/Short', 'value'],
  I: ['java/lang/Integer', 'value'],
  J: ['java/lang/Long', 'value'],
  F: ['java/lang/Float', 'value'],
  D: ['java/lang/Double', 'value'],
};

export const natives: NativeTable = {
  'newArray(Ljava/lang/Class;I)Ljava/lang/Object;': (vm: VM, _t: JThread, c: JObject | null, len: number) => {
    const k = classOf(vm, c);
    if (k.primitive === 'V') throw new VmError('java/lang/IllegalArgumentException', null);
    return newArray(vm, vm.classes.arrayOf(k), len);
  },
  'multiNewArray(Ljava/lang/Class;[I)Ljava/lang/Object;': (vm: VM, _t: JThread, c: JObject | null, dims: JObject | null) => {
    let k = classOf(vm, c);
    const ds = Array.from(arr(dims).data as Int32Array);
    if (ds.length === 0) throw new VmError('java/lang/IllegalArgumentException', 'Empty dimensions array');
    for (let i = 0; i < ds.length; i++) k = vm.classes.arrayOf(k);
    return newMultiArray(vm, k, ds);
  },
  'getLength(Ljava/lang/Object;)I': (_vm: VM, _t: JThread, a: JObject | null) => arr(a).data.length,
  'get(Ljava/lang/Object;I)Ljava/lang/Object;': (vm: VM, _t: JThread, a0: JObject | null, i: number) => {
    const a = arr(a0);
    index(a, i);
    const el = a.klass.elemDesc;
    const v = (a.data as unknown[])[i];
    if (el.length > 1) return v;
    return vm.box(el, v);
  },
  'set(Ljava/lang/Object;ILjava/lang/Object;)V': (vm: VM, _t: JThread, a0: JObject | null, i: number, v: JObject | null) => {
    const a = arr(a0);
    index(a, i);
    const el = a.klass.elemDesc;
    if (el.length > 1) {
      if (v !== null && !isAssignable(v.klass, a.klass.component!)) throw new VmError('java/lang/IllegalArgumentException', 'array element type mismatch');
      (a.data as unknown[])[i] = v;
      return;
    }
    if (v === null) throw new VmError('java/lang/IllegalArgumentException', null);
    (a.data as unknown[])[i] = vm.unboxWiden(v, el);
  },
  'getInt(Ljava/lang/Object;I)I': (_vm: VM, _t: JThread, a0: JObject | null, i: number) => {
    const a = arr(a0);
    index(a, i);
    if (!'BCSI'.includes(a.klass.elemDesc)) throw new VmError('java/lang/IllegalArgumentException', 'Argument is not an array of primitive type convertible to int');
    return (a.data as Int32Array)[i];
  },
};

export { BOX };
