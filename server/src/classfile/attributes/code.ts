// Code (JVMS 4.7.3) and the debug tables that live inside it: LineNumberTable (4.7.12),
// LocalVariableTable (4.7.13), LocalVariableTypeTable (4.7.14). The bytecode itself stays raw
// bytes here; instructions are decoded by ../code/.

import type { ExceptionTableEntry, LineNumber, LocalVariable } from '../model';
import type { Codecs } from './codec';
import { M, type ReadContext, type WriteContext } from './context';

/** JVMS 4.7.3: 0 < code_length < 65536. */
const MAX_CODE_LENGTH = 0xffff;

function readLocals(ctx: ReadContext, descriptorWhat: string): LocalVariable[] {
  const { r } = ctx;
  const n = ctx.count(10, 'local variable entries');
  const vars: LocalVariable[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const startPc = r.u2();
    const length = r.u2();
    const nameIndex = ctx.ref(M.Utf8, 'local variable name_index');
    const descriptorIndex = ctx.ref(M.Utf8, descriptorWhat);
    vars[i] = { startPc, length, nameIndex, descriptorIndex, index: r.u2() };
  }
  return vars;
}

function writeLocals({ w }: WriteContext, vars: readonly LocalVariable[]): void {
  w.u2(vars.length);
  for (const v of vars) {
    w.u2(v.startPc);
    w.u2(v.length);
    w.u2(v.nameIndex);
    w.u2(v.descriptorIndex);
    w.u2(v.index);
  }
}

export const codeCodecs: Codecs<'Code' | 'LineNumberTable' | 'LocalVariableTable' | 'LocalVariableTypeTable'> = {
  Code: {
    read(ctx, nameIndex) {
      const { r } = ctx;
      const maxStack = r.u2('max_stack');
      const maxLocals = r.u2('max_locals');
      const at = r.pos;
      const codeLength = r.u4('code_length');
      if (codeLength === 0 || codeLength > MAX_CODE_LENGTH)
        r.fail('code_length between 1 and 65535', String(codeLength), at);
      const code = r.bytes(codeLength, 'code');
      const n = ctx.count(8, 'exception table entries');
      const exceptionTable: ExceptionTableEntry[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const startPc = r.u2();
        const endPc = r.u2();
        const handlerPc = r.u2();
        exceptionTable[i] = { startPc, endPc, handlerPc, catchType: ctx.optRef(M.Class, 'exception table catch_type') };
      }
      const attributes = ctx.attributes(ctx);
      return { name: 'Code', nameIndex, maxStack, maxLocals, code, exceptionTable, attributes };
    },
    write(ctx, a) {
      const { w } = ctx;
      w.u2(a.maxStack);
      w.u2(a.maxLocals);
      w.u4(a.code.length);
      w.bytes(a.code);
      w.u2(a.exceptionTable.length);
      for (const e of a.exceptionTable) {
        w.u2(e.startPc);
        w.u2(e.endPc);
        w.u2(e.handlerPc);
        w.u2(e.catchType);
      }
      ctx.attributes(a.attributes);
    },
  },

  LineNumberTable: {
    read(ctx, nameIndex) {
      const { r } = ctx;
      const n = ctx.count(4, 'line number entries');
      const lines: LineNumber[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const startPc = r.u2();
        lines[i] = { startPc, line: r.u2() };
      }
      return { name: 'LineNumberTable', nameIndex, lines };
    },
    write({ w }, a) {
      w.u2(a.lines.length);
      for (const l of a.lines) {
        w.u2(l.startPc);
        w.u2(l.line);
      }
    },
  },

  LocalVariableTable: {
    read: (ctx, nameIndex) => ({ name: 'LocalVariableTable', nameIndex, vars: readLocals(ctx, 'local variable descriptor_index') }),
    write: (ctx, a) => writeLocals(ctx, a.vars),
  },

  LocalVariableTypeTable: {
    read: (ctx, nameIndex) => ({ name: 'LocalVariableTypeTable', nameIndex, vars: readLocals(ctx, 'local variable signature_index') }),
    write: (ctx, a) => writeLocals(ctx, a.vars),
  },
};
