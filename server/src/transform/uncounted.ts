// Instructions the transformer does not count. The HotSpot engine patches a few JDK classes
// (engine/reflect-patch.ts): ClassLoader.defineClass swaps in the transformed bytes, Class's
// reflection results pass through a filter, BootLoader hides the runtime's class files. With
// the JDK instrumented (scope `all`) those classes are then transformed, and the patch's own
// instructions were counted as the program's work: 17 bytecodes per class the program's loader
// defined, 1 per getDeclaredMethods. The embedded engine does the same work in the VM, with no
// bytecodes. So the patch lists its instructions in a Code sub-attribute, and the transformer
// leaves them out of the counts (they still run, in the block that holds them) and drops the
// attribute.
//
// KomoriumUncounted: u2 count, then count u2 ordinals, each the position of a marked
// instruction among the method's real instructions in code order (not a byte offset, so it
// stays true through decoding and encoding).

import { isRealInsn, type Insn, type MethodCode } from '../classfile/code/insn';
import type { Attribute } from '../classfile/model';
import type { ConstantPool } from '../classfile/pool';

export const UNCOUNTED_ATTRIBUTE = 'KomoriumUncounted';

/** The attribute marking the real instructions at `ordinals`. */
export function uncountedAttribute(pool: ConstantPool, ordinals: readonly number[]): Attribute {
  const data = new Uint8Array(2 + 2 * ordinals.length);
  const v = new DataView(data.buffer);
  v.setUint16(0, ordinals.length);
  ordinals.forEach((o, i) => v.setUint16(2 + 2 * i, o));
  return { name: 'Unknown', attributeName: UNCOUNTED_ATTRIBUTE, data, nameIndex: pool.addUtf8(UNCOUNTED_ATTRIBUTE) };
}

/** The ordinals (positions among real instructions) of `marked` within `insns`. */
export function realOrdinals(insns: readonly Insn[], marked: ReadonlySet<Insn>): number[] {
  const out: number[] = [];
  let n = 0;
  for (const insn of insns) {
    if (!isRealInsn(insn)) continue;
    if (marked.has(insn)) out.push(n);
    n++;
  }
  return out;
}

type CodeSub = MethodCode['attributes'][number];

/** The marking's data when `s` is the marking. */
function markingData(s: CodeSub): Uint8Array | undefined {
  return s.kind === 'verbatim' && s.attribute.name === 'Unknown' && s.attribute.attributeName === UNCOUNTED_ATTRIBUTE ? s.attribute.data : undefined;
}

function uncountedData(mc: MethodCode): Uint8Array | undefined {
  for (const s of mc.attributes) {
    const data = markingData(s);
    if (data) return data;
  }
  return undefined;
}

/** Indices into `mc.insns` of the instructions the attribute marks (undefined: none). */
export function uncountedInsns(mc: MethodCode): Set<number> | undefined {
  const data = uncountedData(mc);
  if (!data) return undefined;
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const n = data.byteLength >= 2 ? v.getUint16(0) : 0;
  if (data.byteLength !== 2 + 2 * n) throw new Error(`${UNCOUNTED_ATTRIBUTE}: ${data.byteLength} bytes for ${n} entries`);
  const ordinals = new Set<number>();
  for (let i = 0; i < n; i++) ordinals.add(v.getUint16(2 + 2 * i));
  const out = new Set<number>();
  let k = 0;
  mc.insns.forEach((insn, i) => {
    if (!isRealInsn(insn)) return;
    if (ordinals.has(k)) out.add(i);
    k++;
  });
  if (out.size !== ordinals.size) throw new Error(`${UNCOUNTED_ATTRIBUTE}: an ordinal past the method's ${k} instructions`);
  return out;
}

/** `attributes` without the marking (for the transformed code, whose instructions moved). */
export function withoutUncounted(attributes: MethodCode['attributes']): MethodCode['attributes'] {
  return attributes.filter((s) => markingData(s) === undefined);
}
