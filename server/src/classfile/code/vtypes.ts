// Verification-type helpers: descriptors to VTypes, the initial frame of a method, and the
// conversion between the model's slot layout (long/double = two entries) and the
// StackMapTable's one-entry layout.

import { CodeModelError } from '../errors';
import { objectType, type Frame, type VType } from './insn';

/** Splits a method descriptor into its parameter and return field descriptors ('V' for void). */
export function splitMethodDescriptor(desc: string): { params: string[]; ret: string } {
  if (desc[0] !== '(') throw new CodeModelError(`malformed method descriptor ${JSON.stringify(desc)}: expected '('`);
  const params: string[] = [];
  let i = 1;
  while (i < desc.length && desc[i] !== ')') {
    const end = fieldDescriptorEnd(desc, i);
    params.push(desc.slice(i, end));
    i = end;
  }
  if (desc[i] !== ')') throw new CodeModelError(`malformed method descriptor ${JSON.stringify(desc)}: expected ')'`);
  const ret = desc.slice(i + 1);
  if (ret !== 'V' && fieldDescriptorEnd(ret, 0) !== ret.length)
    throw new CodeModelError(`malformed method descriptor ${JSON.stringify(desc)}: bad return type`);
  return { params, ret };
}

/** End index of the field descriptor starting at `i` in `s`. */
function fieldDescriptorEnd(s: string, i: number): number {
  let j = i;
  while (s[j] === '[') j++;
  const c = s[j];
  if (c === 'L') {
    const semi = s.indexOf(';', j);
    if (semi < 0 || semi === j + 1) throw new CodeModelError(`malformed descriptor ${JSON.stringify(s)}: unterminated class name at ${j}`);
    return semi + 1;
  }
  if (c !== undefined && 'ZBCSIFJD'.includes(c)) return j + 1;
  throw new CodeModelError(`malformed descriptor ${JSON.stringify(s)}: unexpected ${c === undefined ? 'end' : JSON.stringify(c)} at ${j}`);
}

/** Number of slots a field descriptor takes (2 for J and D, else 1; 0 for V). */
export function descriptorSlots(desc: string): number {
  return desc === 'J' || desc === 'D' ? 2 : desc === 'V' ? 0 : 1;
}

const slotCache = new Map<string, number>();
/** Total parameter slots of a method descriptor (without `this`); validated, memoised. */
export function paramSlots(desc: string): number {
  let n = slotCache.get(desc);
  if (n === undefined) {
    n = splitMethodDescriptor(desc).params.reduce((s, p) => s + descriptorSlots(p), 0);
    if (slotCache.size > 100_000) slotCache.clear();
    slotCache.set(desc, n);
  }
  return n;
}

/** Slots of a method descriptor's return type (0 for void). */
export function returnSlots(desc: string): number {
  const c = desc.charCodeAt(desc.lastIndexOf(')') + 1);
  return c === 86 /* V */ ? 0 : c === 74 /* J */ || c === 68 /* D */ ? 2 : 1;
}

/** The verification type of a value of a field descriptor (booleans, bytes, chars, shorts are Integer). */
export function descriptorVType(desc: string): VType {
  switch (desc[0]) {
    case 'Z':
    case 'B':
    case 'C':
    case 'S':
    case 'I':
      return 'Integer';
    case 'F':
      return 'Float';
    case 'J':
      return 'Long';
    case 'D':
      return 'Double';
    case 'L':
      return objectType(desc.slice(1, -1));
    case '[':
      return objectType(desc);
    default:
      throw new CodeModelError(`not a field descriptor: ${JSON.stringify(desc)}`);
  }
}

/** Pushes `t` onto a slot-layout list (Long/Double are followed by Top). */
export function pushSlots(out: VType[], t: VType): void {
  out.push(t);
  if (t === 'Long' || t === 'Double') out.push('Top');
}

/** The frame at method entry (JVMS 4.10.1.6): `this` (UninitializedThis in <init>) and the parameters. */
export function initialFrame(thisClass: string, methodName: string, descriptor: string, isStatic: boolean): Frame {
  const locals: VType[] = [];
  if (!isStatic) locals.push(methodName === '<init>' && thisClass !== 'java/lang/Object' ? 'UninitializedThis' : objectType(thisClass));
  for (const p of splitMethodDescriptor(descriptor).params) pushSlots(locals, descriptorVType(p));
  return { locals, stack: [] };
}

/** StackMapTable layout -> slot layout. */
export function toSlots(raw: readonly VType[]): VType[] {
  const out: VType[] = [];
  for (const t of raw) pushSlots(out, t);
  return out;
}

/**
 * Slot layout -> StackMapTable layout. Throws CodeModelError if a Long/Double is not followed
 * by its Top upper half.
 */
export function toRaw(slots: readonly VType[], what = 'frame'): VType[] {
  const out: VType[] = [];
  for (let i = 0; i < slots.length; i++) {
    const t = slots[i]!;
    out.push(t);
    if (t === 'Long' || t === 'Double') {
      if (slots[i + 1] !== 'Top') throw new CodeModelError(`${what}: ${t} at slot ${i} is not followed by Top (its upper half)`);
      i++;
    }
  }
  return out;
}

/** Drops trailing Top locals that are not the upper half of a long/double. */
export function trimLocals(slots: readonly VType[]): VType[] {
  let n = slots.length;
  while (n > 0 && slots[n - 1] === 'Top' && !(n >= 2 && (slots[n - 2] === 'Long' || slots[n - 2] === 'Double'))) n--;
  return slots.slice(0, n);
}
