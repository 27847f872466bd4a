// StackMapTable frames in javap's form: `frame_type = 253 /* append */`, then offset_delta,
// locals and stack as `[ int, class java/lang/String ]`.

import { VTag, type RawFrame, type RawVType } from '../classfile/model';
import { INVALID } from './constants';
import { quoteName } from './text';
import type { Ctx } from './printer';

export function verificationTypeText(ctx: Pick<Ctx, 'pool'>, t: RawVType): string {
  switch (t.tag) {
    case VTag.Top:
      return 'top';
    case VTag.Integer:
      return 'int';
    case VTag.Float:
      return 'float';
    case VTag.Double:
      return 'double';
    case VTag.Long:
      return 'long';
    case VTag.Null:
      return 'null';
    case VTag.UninitializedThis:
      return 'this';
    case VTag.Object: {
      const n = ctx.pool.className(t.cpIndex);
      return n === undefined ? `class #${t.cpIndex} /* ${INVALID} */` : `class ${quoteName(n)}`;
    }
    case VTag.Uninitialized:
      return `uninitialized ${t.offset}`;
  }
  return INVALID;
}

function typeList(ctx: Ctx, ts: readonly RawVType[]): string {
  return ts.length === 0 ? '[]' : `[ ${ts.map((t) => verificationTypeText(ctx, t)).join(', ')} ]`;
}

/** javap's comment naming a frame kind. */
export function frameKindName(f: RawFrame): string {
  switch (f.kind) {
    case 'same':
      return f.frameType === 251 ? 'same_frame_extended' : 'same';
    case 'same_locals_1_stack_item':
      return f.frameType === 247 ? 'same_locals_1_stack_item_frame_extended' : 'same_locals_1_stack_item';
    case 'chop':
      return 'chop';
    case 'append':
      return 'append';
    case 'full':
      return 'full_frame';
  }
}

export function printStackMapTable(ctx: Ctx, frames: readonly RawFrame[]): void {
  const { out } = ctx;
  out.line(`StackMapTable: number_of_entries = ${frames.length}`);
  out.indented(2, () => {
    for (const f of frames) {
      out.line(`frame_type = ${f.frameType} /* ${frameKindName(f)} */`);
      out.indented(2, () => {
        const compact = (f.kind === 'same' || f.kind === 'same_locals_1_stack_item') && f.frameType < 128;
        if (!compact) out.line(`offset_delta = ${f.offsetDelta}`);
        if (f.kind === 'append' || f.kind === 'full') out.line(`locals = ${typeList(ctx, f.locals)}`);
        if (f.kind === 'same_locals_1_stack_item') out.line(`stack = ${typeList(ctx, [f.stack])}`);
        if (f.kind === 'full') out.line(`stack = ${typeList(ctx, f.stack)}`);
      });
    }
  });
}
