// Reads a method's StackMapTable (raw attribute bytes) into full frames, as HotSpot's
// StackMapReader does: frames in slot layout (a long/double followed by its second half),
// the flagThisUninit flag, and HotSpot's format errors ("StackMapTable format error: ...",
// a ClassFormatError) and bad offsets (a VerifyError).

import { Tag, type CpEntry } from '../classfile/model';
import { FLAG_THIS_UNINIT, mapSnapshot, verifyError, VerifyFailure, type MapFrame } from './frame';
import { DOUBLE, DOUBLE2, FLOAT, INT, isCategory2, LONG, LONG2, NULL, TOP, UNINIT_THIS, type VType } from './types';

/** code_data of HotSpot: 0 inside an instruction, 1 an instruction start, 2 a `new`. */
export const INSN = 1;
export const NEW = 2;

const formatError = (msg: string): VerifyFailure => new VerifyFailure('java/lang/ClassFormatError', `StackMapTable format error: ${msg}`);

export interface StackMapInput {
  data: Uint8Array | undefined;
  pool: readonly (CpEntry | undefined)[];
  codeData: Uint8Array;
  maxLocals: number;
  maxStack: number;
  /** The method's entry frame (locals in slot layout). */
  initial: MapFrame;
}

export function readStackMap(inp: StackMapInput): MapFrame[] {
  const { data, pool, codeData, maxLocals, maxStack } = inp;
  if (data === undefined) return [];
  let pos = 0;
  const u1 = (): number => {
    if (pos >= data.length) throw formatError('access beyond the end of attribute');
    return data[pos++]!;
  };
  const u2 = (): number => (u1() << 8) | u1();
  const codeLength = codeData.length;
  const checkSize = (n: number, max: number): void => {
    if (n < 0 || n > max) throw formatError('bad type array size');
  };
  const vtype = (flags: { v: number } | null): VType => {
    const tag = u1();
    switch (tag) {
      case 0:
        return TOP;
      case 1:
        return INT;
      case 2:
        return FLOAT;
      case 3:
        return DOUBLE;
      case 4:
        return LONG;
      case 5:
        return NULL;
      case 6:
        if (flags) flags.v |= FLAG_THIS_UNINIT;
        return UNINIT_THIS;
      case 7: {
        const i = u2();
        const e = pool[i];
        if (i <= 0 || i >= pool.length || !e || e.tag !== Tag.Class) throw formatError('bad class index');
        const n = pool[e.nameIndex];
        return `L${n && n.tag === Tag.Utf8 ? n.value : ''}`;
      }
      case 8: {
        const off = u2();
        if (off >= codeLength || codeData[off] !== NEW) throw new VerifyFailure('java/lang/ClassFormatError', 'StackMapTable format error: bad offset for Uninitialized');
        return `u${off}`;
      }
      default:
        throw formatError('bad verification type');
    }
  };
  const expand = (out: VType[], t: VType): void => {
    out.push(t);
    if (isCategory2(t)) out.push(t === LONG ? LONG2 : DOUBLE2);
  };

  const count = u2();
  const frames: MapFrame[] = [];
  let prev = inp.initial;
  for (let i = 0; i < count; i++) {
    const first = i === 0;
    const at = (delta: number): number => (first ? delta : prev.offset + delta + 1);
    const type = u1();
    let f: MapFrame;
    if (type < 64) {
      f = { offset: at(type), flags: prev.flags, locals: prev.locals, stack: [] };
    } else if (type < 128) {
      const stack: VType[] = [];
      expand(stack, vtype(null));
      checkSize(stack.length, maxStack);
      f = { offset: at(type - 64), flags: prev.flags, locals: prev.locals, stack };
    } else {
      const delta = u2();
      if (type < 247) throw formatError('reserved frame type');
      if (type === 247) {
        const stack: VType[] = [];
        expand(stack, vtype(null));
        checkSize(stack.length, maxStack);
        f = { offset: at(delta), flags: prev.flags, locals: prev.locals, stack };
      } else if (type <= 251) {
        let locals = prev.locals;
        let flags = prev.flags;
        const chops = 251 - type;
        if (chops !== 0) {
          let p = locals.length - 1;
          let ok = true;
          for (let c = 0; c < chops; c++) {
            p -= locals[p] === LONG2 || locals[p] === DOUBLE2 ? 2 : 1;
            if (p < 0 && c < chops - 1) ok = false;
          }
          const n = ok ? p + 1 : -1;
          checkSize(n, maxLocals);
          locals = locals.slice(0, n);
          flags = locals.includes(UNINIT_THIS) ? FLAG_THIS_UNINIT : 0;
        }
        f = { offset: at(delta), flags, locals, stack: [] };
      } else if (type < 255) {
        const locals = prev.locals.slice();
        const flags = { v: prev.flags };
        for (let a = 0; a < type - 251; a++) expand(locals, vtype(flags));
        checkSize(locals.length, maxLocals);
        f = { offset: at(delta), flags: flags.v, locals, stack: [] };
      } else {
        const flags = { v: 0 };
        const locals: VType[] = [];
        const nl = u2();
        for (let a = 0; a < nl; a++) expand(locals, vtype(flags));
        checkSize(locals.length, maxLocals);
        const stack: VType[] = [];
        const ns = u2();
        for (let a = 0; a < ns; a++) expand(stack, vtype(null));
        checkSize(stack.length, maxStack);
        f = { offset: at(delta), flags: flags.v, locals, stack };
      }
    }
    if (f.offset >= codeLength || codeData[f.offset] === 0)
      throw verifyError({ bci: 0, fault: 'bad_stackmap', type: { origin: 'frame', index: 0, type: TOP, frame: mapSnapshot(f) } }, 'StackMapTable error: bad offset');
    frames.push(f);
    prev = f;
  }
  if (pos !== data.length) throw formatError('wrong attribute size');
  return frames;
}
