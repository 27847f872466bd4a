// Attributes of fields and methods (some also allowed on classes and record components):
// ConstantValue (JVMS 4.7.2), Exceptions (4.7.5), Signature (4.7.9), Synthetic (4.7.8),
// Deprecated (4.7.15), MethodParameters (4.7.24).

import type { MethodParameter } from '../model';
import type { Codecs } from './codec';
import { CONSTANT_VALUE, M, writeU2List } from './context';

export const memberCodecs: Codecs<'ConstantValue' | 'Exceptions' | 'Signature' | 'Synthetic' | 'Deprecated' | 'MethodParameters'> = {
  ConstantValue: {
    read: (ctx, nameIndex) => ({ name: 'ConstantValue', nameIndex, valueIndex: ctx.ref(CONSTANT_VALUE, 'constantvalue_index') }),
    write: ({ w }, a) => w.u2(a.valueIndex),
  },

  Exceptions: {
    read: (ctx, nameIndex) => ({ name: 'Exceptions', nameIndex, exceptionIndices: ctx.refs(M.Class, 'exception_index_table') }),
    write: ({ w }, a) => writeU2List(w, a.exceptionIndices),
  },

  Signature: {
    read: (ctx, nameIndex) => ({ name: 'Signature', nameIndex, signatureIndex: ctx.ref(M.Utf8, 'signature_index') }),
    write: ({ w }, a) => w.u2(a.signatureIndex),
  },

  // Both have an empty body: the dispatcher's length check rejects anything else.
  Synthetic: {
    read: (_ctx, nameIndex) => ({ name: 'Synthetic', nameIndex }),
    write: () => {},
  },
  Deprecated: {
    read: (_ctx, nameIndex) => ({ name: 'Deprecated', nameIndex }),
    write: () => {},
  },

  MethodParameters: {
    read(ctx, nameIndex) {
      const n = ctx.count1(4, 'method parameters');
      const parameters: MethodParameter[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const pNameIndex = ctx.optRef(M.Utf8, 'method parameter name_index');
        parameters[i] = { nameIndex: pNameIndex, accessFlags: ctx.r.u2('method parameter access_flags') };
      }
      return { name: 'MethodParameters', nameIndex, parameters };
    },
    write({ w }, a) {
      w.u1(a.parameters.length);
      for (const p of a.parameters) {
        w.u2(p.nameIndex);
        w.u2(p.accessFlags);
      }
    },
  },
};
