// The verifier's operand helpers (verify/method.ts): descriptors as verification types, the
// constant pool's class and ldc entries, array operands; in HotSpot's order of checks and with its
// messages.

import { Op } from '../classfile/code/opcodes';
import { Tag, type CpEntry } from '../classfile/model';
import { implicit, verifyError, type Frame } from './frame';
import type { InvokeCtx } from './invoke';
import * as T from './types';
import type { VType } from './types';

/** Splits a descriptor into verification types (B, C, S, Z as int), longs as two slots. */
export function sigTypes(desc: string, out: VType[], at: number): number {
  let i = at;
  while (desc[i] === '[') i++;
  let end: number;
  if (desc[i] === 'L') end = desc.indexOf(';', i) + 1;
  else end = i + 1;
  if (i > at) out.push(`L${desc.slice(at, end)}`);
  else {
    const c = desc[i];
    if (c === 'L') out.push(`L${desc.slice(i + 1, end - 1)}`);
    else if (c === 'J') out.push(T.LONG, T.LONG2);
    else if (c === 'D') out.push(T.DOUBLE, T.DOUBLE2);
    else if (c === 'F') out.push(T.FLOAT);
    else if (c !== 'V') out.push(T.INT);
  }
  return end;
}

/** Pops an array reference whose component descriptor starts with one of `comps` (or null). */
export function arrayCheck(frame: Frame, bci: number, name: string, comps: string, expected: VType | undefined): void {
  const atype = frame.pop(T.REF_CHECK);
  let ok = false;
  for (let i = 0; i < comps.length && !ok; i++) ok = T.isXArray(atype, comps[i]!);
  if (!ok) throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop(), expected: expected === undefined ? undefined : implicit(expected) }, `Bad type on operand stack in ${name}`);
}

export function sigFirst(desc: string): VType {
  const out: VType[] = [];
  sigTypes(desc, out, 0);
  return out[0]!;
}

/** The type a CONSTANT_Class names (cp_index_to_type). */
export function classType(pool: readonly (CpEntry | undefined)[], idx: number): VType {
  const e = pool[idx];
  const n = e && e.tag === Tag.Class ? pool[e.nameIndex] : undefined;
  return `L${n && n.tag === Tag.Utf8 ? n.value : ''}`;
}

export function ldc(c: InvokeCtx, op: number, idx: number, bci: number): void {
  const { frame, cls } = c;
  const e = idx > 0 && idx < cls.pool.length ? cls.pool[idx] : undefined;
  const ext = cls.name.replace(/\//g, '.');
  if (idx <= 0 || idx >= cls.pool.length) throw verifyError({ bci, fault: 'bad_cp_index', type: { origin: 'bad_index', index: idx, type: T.TOP } }, `Illegal constant pool index ${idx} in class ${ext}`);
  const tag: number = e?.tag ?? 0;
  const one: number[] = [Tag.Integer, Tag.Float, Tag.String, Tag.Class, Tag.MethodHandle, Tag.MethodType, Tag.Dynamic];
  const two: number[] = [Tag.Double, Tag.Long, Tag.Dynamic];
  const bad = (): never => {
    throw verifyError({ bci, fault: 'bad_cp_index', type: { origin: 'bad_index', index: idx, type: T.TOP } }, `Illegal type at constant pool entry ${idx} in class ${ext}`);
  };
  if (!(op === Op.LDC2_W ? two : one).includes(tag)) bad();
  switch (tag) {
    case Tag.String: return frame.push(T.STRING);
    case Tag.Class: return frame.push(T.CLASS);
    case Tag.Integer: return frame.push(T.INT);
    case Tag.Float: return frame.push(T.FLOAT);
    case Tag.Double: return frame.push2(T.DOUBLE, T.DOUBLE2);
    case Tag.Long: return frame.push2(T.LONG, T.LONG2);
    case Tag.MethodHandle: return frame.push('Ljava/lang/invoke/MethodHandle');
    case Tag.MethodType: return frame.push('Ljava/lang/invoke/MethodType');
    case Tag.Dynamic: {
      const nt = cls.pool[(e as { nameAndTypeIndex: number }).nameAndTypeIndex];
      const d = nt && nt.tag === Tag.NameAndType ? cls.pool[nt.descriptorIndex] : undefined;
      const types: VType[] = [];
      const desc = d && d.tag === Tag.Utf8 ? d.value : '';
      if (!T.isFieldDescriptor(desc)) bad();
      sigTypes(desc, types, 0);
      if (types.length !== (op === Op.LDC2_W ? 2 : 1)) bad();
      for (const t of types) frame.push(t);
      return;
    }
  }
}

export function checkClassIndex(c: InvokeCtx, bci: number, idx: number): void {
  const pool = c.cls.pool;
  const ext = c.cls.name.replace(/\//g, '.');
  if (idx <= 0 || idx >= pool.length) throw verifyError({ bci, fault: 'bad_cp_index', type: { origin: 'bad_index', index: idx, type: T.TOP } }, `Illegal constant pool index ${idx} in class ${ext}`);
  if (pool[idx]?.tag !== Tag.Class) throw verifyError({ bci, fault: 'bad_cp_index', type: { origin: 'bad_index', index: idx, type: T.TOP } }, `Illegal type at constant pool entry ${idx} in class ${ext}`);
}
