// A method with code made from scratch (generated trial and probe classes): the member with its
// Code attribute encoded from an instruction list (max_stack and frames computed by the encoder).

import type { ClassFile, MemberInfo } from '../model';
import type { ConstantPool } from '../pool';
import { codeContext } from './context';
import { encodeCode } from './encode';
import type { Insn, TryCatch } from './insn';

export interface SynthMethod {
  access: number;
  name: string;
  desc: string;
  maxLocals: number;
  insns: Insn[];
  tryCatch?: TryCatch[];
}

/** The member `spec` of class `cf` (named `file` in errors), its constants added to `pool`. */
export function synthMethod(cf: ClassFile, pool: ConstantPool, file: string, spec: SynthMethod): MemberInfo {
  const m: MemberInfo = { accessFlags: spec.access, nameIndex: pool.addUtf8(spec.name), descriptorIndex: pool.addUtf8(spec.desc), attributes: [] };
  const code = encodeCode(codeContext(cf, m, pool, file), {
    maxStack: 0,
    maxLocals: spec.maxLocals,
    insns: spec.insns,
    tryCatch: spec.tryCatch ?? [],
    localVars: [],
    localVarTypes: [],
    visibleTypeAnnotations: [],
    invisibleTypeAnnotations: [],
    attributes: [],
  });
  m.attributes.push({ ...code, nameIndex: pool.addUtf8('Code') });
  return m;
}
