// decode -> (no change) -> encode for every method: the model's round trip.

import type { ClassFile, MemberInfo } from '../model';
import { ConstantPool } from '../pool';
import { codeContext } from './context';
import { decodeWithContext } from './decode';
import { encodeCode, type EncodeOptions } from './encode';

/**
 * Returns a copy of `cf` in which every method's Code attribute was decoded into the model
 * and encoded again. The input is not modified (the constant pool is copied, since encoding
 * may add entries).
 */
export function reencodeClass(cf: ClassFile, file = '<bytes>', opts: EncodeOptions = {}): ClassFile {
  const out: ClassFile = { ...cf, constantPool: [...cf.constantPool], methods: [] };
  const pool = new ConstantPool(out);
  out.methods = cf.methods.map((m): MemberInfo => {
    if (!m.attributes.some((a) => a.name === 'Code')) return m;
    const ctx = codeContext(out, m, pool, file);
    return {
      ...m,
      attributes: m.attributes.map((a) => {
        if (a.name !== 'Code') return a;
        const mc = decodeWithContext(ctx, a);
        return encodeCode(ctx, mc, { ...opts, nameIndex: a.nameIndex });
      }),
    };
  });
  return out;
}
