// Natives of java.lang.reflect.Array, with HotSpot's widening rules and exception messages.

import { JArray, elementAt, setElementAt, type JObject } from '../../../../object';
import { newArray, newMultiArray, isAssignable } from '../../../../ops';
import { VmError } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeFn, NativeTable } from '../../../registry';
import { classOf } from '../../../util';
import { i2l, l2d, l2f, type Long } from '../../../../long';

function arr(o: JObject | null): JArray {
  if (o === null) throw new VmError('java/lang/NullPointerException', null);
  if (!(o instanceof JArray)) throw new VmError('java/lang/IllegalArgumentException', 'Argument is not an array');
  return o;
}

function index(a: JArray, i: number): void {
  if (i < 0 || i >= a.data.length) throw new VmError('java/lang/ArrayIndexOutOfBoundsException', null);
}

function primitiveArray(o: JObject | null, i: number): JArray {
  const a = arr(o);
  if (a.klass.elemDesc.length > 1) throw new VmError('java/lang/IllegalArgumentException', 'Argument is not an array of primitive type');
  index(a, i);
  return a;
}

const mismatch = (): VmError => new VmError('java/lang/IllegalArgumentException', 'argument type mismatch');

/** Primitive types each type widens to (JLS 5.1.2), itself included. */
const WIDENS_TO: Record<string, string> = { Z: 'Z', B: 'BSIJFD', C: 'CIJFD', S: 'SIJFD', I: 'IJFD', J: 'JFD', F: 'FD', D: 'D' };

/** A primitive value (VM representation) of type `from` widened to `to`. */
function widen(v: unknown, from: string, to: string): unknown {
  if (from === to) return v;
  if (!WIDENS_TO[from]?.includes(to)) throw mismatch();
  if (from === 'J') return to === 'F' ? l2f(v as Long) : l2d(v as Long);
  if (to === 'J') return i2l(v as number);
  if (to === 'F') return Math.fround(v as number);
  return v;
}

function getAs(to: string): NativeFn {
  return (_vm: VM, _t: JThread, o: JObject | null, i: number) => {
    const a = primitiveArray(o, i);
    return widen(elementAt(a, i), a.klass.elemDesc, to);
  };
}

function setAs(from: string): NativeFn {
  return (_vm: VM, _t: JThread, o: JObject | null, i: number, v: unknown) => {
    const a = primitiveArray(o, i);
    setElementAt(a, i, widen(v, from, a.klass.elemDesc));
  };
}

const typed: NativeTable = {};
for (const [name, d] of [
  ['Boolean', 'Z'],
  ['Byte', 'B'],
  ['Char', 'C'],
  ['Short', 'S'],
  ['Int', 'I'],
  ['Long', 'J'],
  ['Float', 'F'],
  ['Double', 'D'],
] as const) {
  typed[`get${name}(Ljava/lang/Object;I)${d}`] = getAs(d);
  typed[`set${name}(Ljava/lang/Object;I${d})V`] = setAs(d);
}

export const natives: NativeTable = {
  ...typed,
  'newArray(Ljava/lang/Class;I)Ljava/lang/Object;': (vm: VM, _t: JThread, c: JObject | null, len: number) => {
    const k = classOf(vm, c);
    if (k.primitive === 'V') throw new VmError('java/lang/IllegalArgumentException', null);
    return newArray(vm, vm.classes.arrayOf(k), len);
  },
  'multiNewArray(Ljava/lang/Class;[I)Ljava/lang/Object;': (vm: VM, _t: JThread, c: JObject | null, dims: JObject | null) => {
    let k = classOf(vm, c);
    const ds = Array.from(arr(dims).data as Int32Array);
    if (ds.length === 0) throw new VmError('java/lang/IllegalArgumentException', 'Empty dimensions array');
    if (k.primitive === 'V') throw new VmError('java/lang/IllegalArgumentException', null);
    for (let i = 0; i < ds.length; i++) k = vm.classes.arrayOf(k);
    return newMultiArray(vm, k, ds);
  },
  'getLength(Ljava/lang/Object;)I': (_vm: VM, _t: JThread, a: JObject | null) => arr(a).data.length,
  'get(Ljava/lang/Object;I)Ljava/lang/Object;': (vm: VM, _t: JThread, a0: JObject | null, i: number) => {
    const a = arr(a0);
    index(a, i);
    const el = a.klass.elemDesc;
    const v = elementAt(a, i);
    return el.length > 1 ? v : vm.box(el, v);
  },
  'set(Ljava/lang/Object;ILjava/lang/Object;)V': (vm: VM, _t: JThread, a0: JObject | null, i: number, v: JObject | null) => {
    const a = arr(a0);
    const el = a.klass.elemDesc;
    if (el.length > 1) {
      if (v !== null && !isAssignable(v.klass, a.klass.component!)) throw new VmError('java/lang/IllegalArgumentException', 'array element type mismatch');
      index(a, i);
      (a.data as unknown[])[i] = v;
      return;
    }
    if (v === null) throw new VmError('java/lang/IllegalArgumentException', null);
    index(a, i);
    setElementAt(a, i, vm.unboxWiden(v, el));
  },
};

