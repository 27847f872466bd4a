// StackMapTable (JVMS 4.7.4), kept as the compressed frames exactly as encoded: the frame-type
// byte is stored, so the writer reproduces the same choice of encoding (e.g. a same_frame_extended
// with a small delta stays extended).

import { VTag, type RawFrame, type RawVType } from '../model';
import { CodeModelError } from '../errors';
import type { ByteWriter } from '../bytes';
import type { Codecs } from './codec';
import { M, type ReadContext } from './context';

function readVType(ctx: ReadContext): RawVType {
  const { r } = ctx;
  const at = r.pos;
  const tag = r.u1('verification type tag');
  switch (tag) {
    case VTag.Top:
    case VTag.Integer:
    case VTag.Float:
    case VTag.Double:
    case VTag.Long:
    case VTag.Null:
    case VTag.UninitializedThis:
      return { tag };
    case VTag.Object:
      return { tag, cpIndex: ctx.ref(M.Class, 'Object_variable_info cpool_index') };
    case VTag.Uninitialized:
      return { tag, offset: r.u2('Uninitialized_variable_info offset') };
    default:
      return r.fail('a verification type tag (0-8)', String(tag), at);
  }
}

function readVTypes(ctx: ReadContext, n: number): RawVType[] {
  // Each verification type is at least one byte: fail fast on an impossible count.
  ctx.r.need(n, `${n} verification types`);
  const out: RawVType[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = readVType(ctx);
  return out;
}

function readFrame(ctx: ReadContext): RawFrame {
  const { r } = ctx;
  const at = r.pos;
  const frameType = r.u1('stack map frame type');
  if (frameType < 64) return { kind: 'same', frameType, offsetDelta: frameType };
  if (frameType < 128) return { kind: 'same_locals_1_stack_item', frameType, offsetDelta: frameType - 64, stack: readVType(ctx) };
  if (frameType < 247) return r.fail('a stack map frame type (0-127 or 247-255; 128-246 are reserved)', String(frameType), at);
  const offsetDelta = r.u2('offset_delta');
  if (frameType === 247) return { kind: 'same_locals_1_stack_item', frameType, offsetDelta, stack: readVType(ctx) };
  if (frameType < 251) return { kind: 'chop', frameType, offsetDelta };
  if (frameType === 251) return { kind: 'same', frameType, offsetDelta };
  if (frameType < 255) return { kind: 'append', frameType, offsetDelta, locals: readVTypes(ctx, frameType - 251) };
  const locals = readVTypes(ctx, r.u2('number_of_locals'));
  const stack = readVTypes(ctx, r.u2('number_of_stack_items'));
  return { kind: 'full', frameType, offsetDelta, locals, stack };
}

function writeVType(w: ByteWriter, v: RawVType): void {
  w.u1(v.tag);
  if (v.tag === VTag.Object) w.u2(v.cpIndex);
  else if (v.tag === VTag.Uninitialized) w.u2(v.offset);
  else if (v.tag > VTag.Uninitialized || v.tag < 0) throw new CodeModelError(`bad verification type tag ${v.tag as number}`);
}

function badFrame(f: RawFrame, why: string): never {
  throw new CodeModelError(`stack map frame ${f.kind} with frame type ${f.frameType}: ${why}`);
}

function writeFrame(w: ByteWriter, f: RawFrame): void {
  const t = f.frameType;
  switch (f.kind) {
    case 'same':
      if (t < 64) {
        if (f.offsetDelta !== t) badFrame(f, `offset delta ${f.offsetDelta} must equal the frame type`);
        w.u1(t);
      } else if (t === 251) {
        w.u1(t);
        w.u2(f.offsetDelta);
      } else badFrame(f, 'expected frame type 0-63 or 251');
      return;
    case 'same_locals_1_stack_item':
      if (t >= 64 && t < 128) {
        if (f.offsetDelta !== t - 64) badFrame(f, `offset delta ${f.offsetDelta} must equal frame type - 64`);
        w.u1(t);
      } else if (t === 247) {
        w.u1(t);
        w.u2(f.offsetDelta);
      } else badFrame(f, 'expected frame type 64-127 or 247');
      writeVType(w, f.stack);
      return;
    case 'chop':
      if (t < 248 || t > 250) badFrame(f, 'expected frame type 248-250');
      w.u1(t);
      w.u2(f.offsetDelta);
      return;
    case 'append':
      if (t < 252 || t > 254) badFrame(f, 'expected frame type 252-254');
      if (f.locals.length !== t - 251) badFrame(f, `needs ${t - 251} locals, has ${f.locals.length}`);
      w.u1(t);
      w.u2(f.offsetDelta);
      for (const v of f.locals) writeVType(w, v);
      return;
    case 'full':
      if (t !== 255) badFrame(f, 'expected frame type 255');
      w.u1(t);
      w.u2(f.offsetDelta);
      w.u2(f.locals.length);
      for (const v of f.locals) writeVType(w, v);
      w.u2(f.stack.length);
      for (const v of f.stack) writeVType(w, v);
      return;
    default:
      throw new CodeModelError(`unknown stack map frame kind ${(f as { kind: unknown }).kind}`);
  }
}

/**
 * The most compact frame type for a frame of `kind` at `offsetDelta` (with `nLocals` appended or
 * chopped locals for append/chop), for code that builds RawFrames.
 */
export function compactFrameType(kind: RawFrame['kind'], offsetDelta: number, nLocals = 0): number {
  switch (kind) {
    case 'same':
      return offsetDelta < 64 ? offsetDelta : 251;
    case 'same_locals_1_stack_item':
      return offsetDelta < 64 ? 64 + offsetDelta : 247;
    case 'chop':
      return 251 - nLocals;
    case 'append':
      return 251 + nLocals;
    case 'full':
      return 255;
  }
}

export const stackMapCodecs: Codecs<'StackMapTable'> = {
  StackMapTable: {
    read(ctx, nameIndex) {
      const n = ctx.count(1, 'stack map frames');
      const frames: RawFrame[] = new Array(n);
      for (let i = 0; i < n; i++) frames[i] = readFrame(ctx);
      return { name: 'StackMapTable', nameIndex, frames };
    },
    write({ w }, a) {
      w.u2(a.frames.length);
      for (const f of a.frames) writeFrame(w, f);
    },
  },
};
