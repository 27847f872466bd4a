// The message of a VerifyError as HotSpot writes it (ErrorContext::details): the reason, then
// "Exception Details:" with the location, the reason in types, the current and stack-map
// frames, a hex dump of the bytecode, the exception handlers and the StackMapTable.

import type { ExceptionTableEntry } from '../classfile/model';
import { bytecodeName } from './code';
import type { ErrorContext, FrameSnapshot, TypeOrigin } from './frame';
import { printType } from './types';

export interface MethodShown {
  className: string;
  name: string;
  desc: string;
  code: Uint8Array;
  exceptionTable: readonly ExceptionTableEntry[];
  stackMap: Uint8Array | undefined;
}

function typeDetails(o: TypeOrigin): string {
  const t = printType(o.type);
  switch (o.origin) {
    case 'cf_locals':
      return `${t} (current frame, locals[${o.index}])`;
    case 'cf_stack':
      return `${t} (current frame, stack[${o.index}])`;
    case 'sm_locals':
      return `${t} (stack map, locals[${o.index}])`;
    case 'sm_stack':
      return `${t} (stack map, stack[${o.index}])`;
    case 'cp':
      return `${t} (constant pool ${o.index})`;
    case 'sig':
      return `${t} (from method signature)`;
    default:
      return t;
  }
}

function reason(ctx: ErrorContext): string {
  switch (ctx.fault) {
    case 'bad_code':
      return 'Error exists in the bytecode';
    case 'wrong_type':
      return ctx.expected ? `Type ${typeDetails(ctx.type!)} is not assignable to ${typeDetails(ctx.expected)}` : `Invalid type: ${typeDetails(ctx.type!)}`;
    case 'flags_mismatch':
      return ctx.expected ? "Current frame's flags are not assignable to stack map frame's." : "Current frame's flags are invalid in this context.";
    case 'bad_cp_index':
      return `Constant pool index ${ctx.type!.index} is invalid`;
    case 'bad_local_index':
      return `Local index ${ctx.type!.index} is invalid`;
    case 'locals_size_mismatch':
      return "Current frame's local size doesn't match stackmap.";
    case 'stack_size_mismatch':
      return "Current frame's stack size doesn't match stackmap.";
    case 'stack_overflow':
      return 'Exceeded max stack size.';
    case 'stack_underflow':
      return 'Attempt to pop empty stack.';
    case 'missing_stackmap':
      return 'Expected stackmap frame at this location.';
    case 'bad_stackmap':
      return 'Invalid stackmap specification.';
  }
}

function frameLines(f: FrameSnapshot): string {
  const list = (ts: readonly string[]): string => `{${ts.map((t) => ` ${printType(t)}`).join(',')} }`;
  return `    bci: @${f.offset}\n    flags: {${f.flags & 1 ? ' flagThisUninit' : ''} }\n    locals: ${list(f.locals)}\n    stack: ${list(f.stack)}\n`;
}

function hexDump(code: Uint8Array): string {
  let s = '';
  const limit = Math.floor((code.length + 16) / 16) * 16;
  for (let i = 0; i < limit; i++) {
    if (i % 16 === 0) s += `    ${i.toString(16).padStart(7, '0')}:`;
    if (i % 2 === 0) s += ' ';
    s += i < code.length ? code[i]!.toString(16).padStart(2, '0') : '  ';
    if ((i + 1) % 16 === 0) s += '\n';
  }
  return s;
}

/** The StackMapTable as HotSpot lists it; stops at a frame that runs past the attribute. */
function stackMapLines(data: Uint8Array): string {
  let s = '';
  let pos = 0;
  const has = (n: number): boolean => pos + n <= data.length;
  if (!has(2)) return s;
  const count = (data[0]! << 8) | data[1]!;
  pos = 2;
  const u2 = (): number => {
    const v = (data[pos]! << 8) | data[pos + 1]!;
    pos += 2;
    return v;
  };
  const vtype = (): string | undefined => {
    if (!has(1)) return undefined;
    const tag = data[pos++]!;
    const names = ['Top', 'Integer', 'Float', 'Double', 'Long', 'Null', 'UninitializedThis'];
    if (tag < 7) return names[tag];
    if (!has(2)) return undefined;
    const v = u2();
    return tag === 7 ? `Object[#${v}]` : tag === 8 ? `Uninitialized[#${v}]` : `BAD:${tag}`;
  };
  const vtypes = (n: number): string | undefined => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const t = vtype();
      if (t === undefined) return undefined;
      out.push(t);
    }
    return `{${out.join(',')}}`;
  };
  let offset = -1;
  for (let i = 0; i < count; i++) {
    if (!has(1)) return s;
    const type = data[pos++]!;
    let line: string | undefined;
    let delta: number;
    if (type < 64) {
      delta = type + 1;
      line = `same_frame(@${offset + delta})`;
    } else if (type < 128) {
      delta = type - 63;
      const t = vtype();
      line = t === undefined ? undefined : `same_locals_1_stack_item_frame(@${offset + delta},${t})`;
    } else {
      if (!has(2) || type < 247) return s;
      delta = u2() + 1;
      const at = offset + delta;
      if (type === 247) {
        const t = vtype();
        line = t === undefined ? undefined : `same_locals_1_stack_item_extended(@${at},${t})`;
      } else if (type < 251) line = `chop_frame(@${at},${251 - type})`;
      else if (type === 251) line = `same_frame_extended(@${at})`;
      else if (type < 255) {
        const ts = vtypes(type - 251);
        line = ts === undefined ? undefined : `append_frame(@${at},${ts.slice(1, -1)})`;
      } else {
        const nl = has(2) ? u2() : -1;
        const l = nl < 0 ? undefined : vtypes(nl);
        const ns = l !== undefined && has(2) ? u2() : -1;
        const st = ns < 0 ? undefined : vtypes(ns);
        line = l === undefined || st === undefined ? undefined : `full_frame(@${at},${l},${st})`;
      }
    }
    if (line === undefined) return s;
    s += `    ${line}\n`;
    offset += delta;
  }
  return s;
}

/** The full message of a VerifyError. */
export function verifyMessage(msg: string, ctx: ErrorContext, m: MethodShown): string {
  let s = `${msg}\nException Details:\n`;
  s += `  Location:\n    ${m.className}.${m.name}${m.desc} @${ctx.bci}: ${bytecodeName(m.code, ctx.bci)}\n`;
  s += `  Reason:\n    ${reason(ctx)}\n`;
  if (ctx.type?.frame) s += `  Current Frame:\n${frameLines(ctx.type.frame)}`;
  if (ctx.expected?.frame) s += `  Stackmap Frame:\n${frameLines(ctx.expected.frame)}`;
  s += `  Bytecode:\n${hexDump(m.code)}`;
  if (m.exceptionTable.length > 0) {
    s += '  Exception Handler Table:\n';
    for (const h of m.exceptionTable) s += `    bci [${h.startPc}, ${h.endPc}] => handler: ${h.handlerPc}\n`;
  }
  if (m.stackMap !== undefined) s += `  Stackmap Table:\n${stackMapLines(m.stackMap)}`;
  return s;
}

/** Method::print_external_name: `void Foo.m(int, java.lang.String[])`. */
export function externalMethodName(className: string, name: string, desc: string): string {
  const ext = (d: string): string => {
    let dims = 0;
    while (d[dims] === '[') dims++;
    const b = d.slice(dims);
    const prim: Record<string, string> = { B: 'byte', C: 'char', D: 'double', F: 'float', I: 'int', J: 'long', S: 'short', Z: 'boolean', V: 'void' };
    const base = b[0] === 'L' ? b.slice(1, -1).replace(/\//g, '.') : (prim[b] ?? b);
    return base + '[]'.repeat(dims);
  };
  const params: string[] = [];
  let i = 1;
  while (i < desc.length && desc[i] !== ')') {
    let j = i;
    while (desc[j] === '[') j++;
    j = desc[j] === 'L' ? desc.indexOf(';', j) + 1 : j + 1;
    if (j <= i) break;
    params.push(ext(desc.slice(i, j)));
    i = j;
  }
  return `${ext(desc.slice(i + 1))} ${className.replace(/\//g, '.')}.${name}(${params.join(', ')})`;
}
