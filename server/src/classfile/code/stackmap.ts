// StackMapTable <-> expanded frames (JVMS 4.7.4).
//
// Expansion applies each compressed frame to the previous expanded frame (the first one to
// the method's initial frame). Compression picks the smallest form, like javac does: same /
// same_locals_1_stack_item (their _extended variants when offset_delta > 63), chop, append,
// else full. Comparisons happen in the StackMapTable's one-entry-per-long layout.

import { ClassFormatError, CodeModelError } from '../errors';
import { VTag, type RawFrame, type RawVType } from '../model';
import type { ConstantPool } from '../pool';
import { objectType, vtypeEquals, type Frame, type Label, type VType } from './insn';
import { toRaw, toSlots } from './vtypes';

export interface ExpandContext {
  pool: ConstantPool;
  file: string;
  codeLength: number;
  /** True if `offset` is the start of an instruction. */
  isInsnStart(offset: number): boolean;
  /** The label for the `new` at `offset`; undefined if no `new` instruction starts there. */
  newLabelAt(offset: number): Label | undefined;
}

/** Expands a StackMapTable into (offset, frame) pairs, frames in slot layout. */
export function expandFrames(raw: readonly RawFrame[], initial: Frame, ctx: ExpandContext): { offset: number; frame: Frame }[] {
  const out: { offset: number; frame: Frame }[] = [];
  let locals: VType[] = toRaw(initial.locals, 'initial frame');
  let offset = -1;
  for (let n = 0; n < raw.length; n++) {
    const f = raw[n]!;
    offset = offset + f.offsetDelta + 1;
    const fail = (expected: string, found?: string): never => {
      throw new ClassFormatError(ctx.file, offset, `StackMapTable frame ${n}: ${expected}`, found);
    };
    if (offset >= ctx.codeLength) fail(`an offset < code length ${ctx.codeLength}`, String(offset));
    if (!ctx.isInsnStart(offset)) fail('an offset at the start of an instruction', `${offset} (inside an instruction)`);
    const vt = (r: RawVType): VType => {
      switch (r.tag) {
        case VTag.Top:
          return 'Top';
        case VTag.Integer:
          return 'Integer';
        case VTag.Float:
          return 'Float';
        case VTag.Long:
          return 'Long';
        case VTag.Double:
          return 'Double';
        case VTag.Null:
          return 'Null';
        case VTag.UninitializedThis:
          return 'UninitializedThis';
        case VTag.Object: {
          let name: string;
          try {
            name = ctx.pool.className(r.cpIndex);
          } catch {
            return fail('an Object type naming a CONSTANT_Class', `constant-pool index ${r.cpIndex}`);
          }
          return objectType(name);
        }
        case VTag.Uninitialized: {
          const l = ctx.newLabelAt(r.offset);
          if (!l) return fail('an Uninitialized type pointing at a new instruction', `offset ${r.offset}`);
          return { kind: 'Uninitialized', newLabel: l };
        }
      }
    };
    let stack: VType[] = [];
    switch (f.kind) {
      case 'same':
        break;
      case 'same_locals_1_stack_item':
        stack = [vt(f.stack)];
        break;
      case 'chop': {
        const k = 251 - f.frameType;
        if (k > locals.length) fail(`chop of ${k} locals from a frame with ${locals.length}`);
        locals = locals.slice(0, locals.length - k);
        break;
      }
      case 'append':
        locals = [...locals, ...f.locals.map(vt)];
        break;
      case 'full':
        locals = f.locals.map(vt);
        stack = f.stack.map(vt);
        break;
    }
    out.push({ offset, frame: { locals: toSlots(locals), stack: toSlots(stack) } });
  }
  return out;
}

export interface CompressContext {
  pool: ConstantPool;
  /** Code offset of a label (for Uninitialized types). */
  offsetOf(label: Label): number;
}

function rawVType(t: VType, ctx: CompressContext): RawVType {
  if (typeof t === 'string') {
    const tag = {
      Top: VTag.Top,
      Integer: VTag.Integer,
      Float: VTag.Float,
      Long: VTag.Long,
      Double: VTag.Double,
      Null: VTag.Null,
      UninitializedThis: VTag.UninitializedThis,
    }[t];
    return { tag } as RawVType;
  }
  if (t.kind === 'Object') return { tag: VTag.Object, cpIndex: ctx.pool.addClass(t.className) };
  return { tag: VTag.Uninitialized, offset: ctx.offsetOf(t.newLabel) };
}

function prefixEquals(a: readonly VType[], b: readonly VType[], n: number): boolean {
  for (let i = 0; i < n; i++) if (!vtypeEquals(a[i]!, b[i]!)) return false;
  return true;
}

/**
 * Compresses frames (sorted by strictly increasing offset, slot layout) into StackMapTable
 * entries, relative to the initial frame.
 */
export function compressFrames(frames: readonly { offset: number; frame: Frame }[], initial: Frame, ctx: CompressContext): RawFrame[] {
  const out: RawFrame[] = [];
  let prev = toRaw(initial.locals, 'initial frame');
  let prevOffset = -1;
  for (const { offset, frame } of frames) {
    if (offset <= prevOffset) throw new CodeModelError(`frames out of order or duplicated at offset ${offset}`);
    const delta = offset - prevOffset - 1;
    const locals = toRaw(frame.locals, `frame at offset ${offset} (locals)`);
    const stack = toRaw(frame.stack, `frame at offset ${offset} (stack)`);
    const diff = locals.length - prev.length;
    const common = Math.min(locals.length, prev.length);
    const samePrefix = prefixEquals(locals, prev, common);
    let f: RawFrame | undefined;
    if (stack.length === 0 && samePrefix && diff === 0) {
      f = { kind: 'same', frameType: delta <= 63 ? delta : 251, offsetDelta: delta };
    } else if (stack.length === 1 && samePrefix && diff === 0) {
      f = { kind: 'same_locals_1_stack_item', frameType: delta <= 63 ? 64 + delta : 247, offsetDelta: delta, stack: rawVType(stack[0]!, ctx) };
    } else if (stack.length === 0 && samePrefix && diff < 0 && diff >= -3) {
      f = { kind: 'chop', frameType: 251 + diff, offsetDelta: delta };
    } else if (stack.length === 0 && samePrefix && diff > 0 && diff <= 3) {
      f = { kind: 'append', frameType: 251 + diff, offsetDelta: delta, locals: locals.slice(prev.length).map((t) => rawVType(t, ctx)) };
    } else {
      f = { kind: 'full', frameType: 255, offsetDelta: delta, locals: locals.map((t) => rawVType(t, ctx)), stack: stack.map((t) => rawVType(t, ctx)) };
    }
    if (delta > 0xffff) throw new CodeModelError(`frame offset delta ${delta} does not fit in u2`);
    out.push(f);
    prev = locals;
    prevOffset = offset;
  }
  return out;
}
