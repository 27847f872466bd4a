// Prints every attribute kind of the model in javap's layout. Attributes print in class-file
// order; unknown ones as their name, length and a hex dump.

import { Tag, type Attribute, type AttributeOf, type LocalVariable, type MemberInfo } from '../classfile/model';
import { printAnnotationDefault, printAnnotations, printParameterAnnotations, printTypeAnnotations } from './annotations';
import { printExceptionTable, printInstructions } from './code';
import { INVALID } from './constants';
import { flagNames, innerModifiers } from './flags';
import { printJdkAttribute } from './jdk-attributes';
import { printModule } from './module';
import { guarded, type Ctx } from './printer';
import { printStackMapTable } from './stackmap';
import { dotted, escapeString, quoteName } from './text';
import { fieldSignature, fieldTypeName, parameterCount } from './types';

const COL = 40;

export interface AttrOwner {
  /** The method whose attributes these are (for Code's args_size). */
  method?: MemberInfo;
}

export function printAttributes(ctx: Ctx, attrs: readonly Attribute[], owner: AttrOwner = {}): void {
  for (const a of attrs) guarded(ctx, () => printAttribute(ctx, a, owner));
}

function printLocalVariables(ctx: Ctx, name: string, vars: readonly LocalVariable[]): void {
  const { out, pool } = ctx;
  out.line(`${name}:`);
  out.indented(2, () => {
    out.line('Start  Length  Slot  Name   Signature');
    for (const v of vars) {
      const n = pool.utf8(v.nameIndex) ?? INVALID;
      const d = pool.utf8(v.descriptorIndex) ?? INVALID;
      out.line(`${String(v.startPc).padStart(5)} ${String(v.length).padStart(7)} ${String(v.index).padStart(5)} ${n.padStart(5)}   ${d}`);
    }
  });
}

function printCode(ctx: Ctx, a: AttributeOf<'Code'>, owner: AttrOwner): void {
  const { out } = ctx;
  let args = '?';
  if (owner.method) {
    const d = ctx.pool.utf8(owner.method.descriptorIndex);
    const n = d === undefined ? undefined : parameterCount(d);
    if (n !== undefined) args = String(n + (owner.method.accessFlags & 0x0008 ? 0 : 1));
  }
  out.line('Code:');
  out.indented(2, () => {
    out.line(`stack=${a.maxStack}, locals=${a.maxLocals}, args_size=${args}`);
    printInstructions(ctx, a.code);
    printExceptionTable(ctx, a.exceptionTable);
    printAttributes(ctx, a.attributes, owner);
  });
}

/** The javap kind word and value of a ConstantValue / constant: `int 5`, `String abc`. */
function constantValueText(ctx: Ctx, i: number): string {
  const e = ctx.pool.entry(i);
  if (!e) return `#${i} // ${INVALID}`;
  const kinds: Partial<Record<number, string>> = {
    [Tag.Integer]: 'int',
    [Tag.Long]: 'long',
    [Tag.Float]: 'float',
    [Tag.Double]: 'double',
    [Tag.String]: 'String',
  };
  const k = kinds[e.tag];
  return k === undefined ? `#${i} // ${INVALID}` : `${k} ${ctx.pool.value(i)}`;
}

function classList(ctx: Ctx, name: string, indices: readonly number[]): void {
  ctx.out.line(`${name}:`);
  ctx.out.indented(2, () => {
    for (const i of indices) {
      const n = ctx.pool.className(i);
      ctx.out.line(n === undefined ? `#${i} // ${INVALID}` : quoteName(n));
    }
  });
}

function classOrInvalid(ctx: Ctx, i: number): string {
  const n = ctx.pool.className(i);
  return n === undefined ? INVALID : quoteName(n);
}

function printInnerClasses(ctx: Ctx, a: AttributeOf<'InnerClasses'>): void {
  const { out, pool } = ctx;
  out.line('InnerClasses:');
  out.indented(2, () => {
    for (const c of a.classes) {
      const mods = innerModifiers(c.innerClassAccessFlags);
      let body = mods.length ? mods.join(' ') + ' ' : '';
      let comment = '';
      if (c.innerNameIndex !== 0) {
        body += `#${c.innerNameIndex}= `;
        comment += `${pool.utf8(c.innerNameIndex) ?? INVALID}=`;
      }
      body += `#${c.innerClassInfoIndex}`;
      comment += `class ${classOrInvalid(ctx, c.innerClassInfoIndex)}`;
      if (c.outerClassInfoIndex !== 0) {
        body += ` of #${c.outerClassInfoIndex}`;
        comment += ` of class ${classOrInvalid(ctx, c.outerClassInfoIndex)}`;
      }
      out.commented(body + ';', comment, COL);
    }
  });
}

function printBootstrapMethods(ctx: Ctx, a: AttributeOf<'BootstrapMethods'>): void {
  const { out, pool } = ctx;
  out.line('BootstrapMethods:');
  out.indented(2, () => {
    a.methods.forEach((m, i) => {
      out.line(`${i}: #${m.methodRefIndex} ${pool.value(m.methodRefIndex)}`);
      out.indented(2, () => {
        out.line('Method arguments:');
        out.indented(2, () => m.argumentIndices.forEach((arg) => out.line(`#${arg} ${pool.value(arg)}`)));
      });
    });
  });
}

function printRecord(ctx: Ctx, a: AttributeOf<'Record'>): void {
  const { out, pool } = ctx;
  out.line('Record:');
  out.indented(2, () => {
    for (const c of a.components) {
      const desc = pool.utf8(c.descriptorIndex) ?? INVALID;
      const sigAttr = c.attributes.find((x): x is AttributeOf<'Signature'> => x.name === 'Signature');
      const sig = sigAttr ? pool.utf8(sigAttr.signatureIndex) : undefined;
      const type = (sig !== undefined ? fieldSignature(sig) : undefined) ?? fieldTypeName(desc) ?? desc;
      out.line(`${type} ${pool.utf8(c.nameIndex) ?? INVALID};`);
      out.indented(2, () => {
        out.line(`descriptor: ${desc}`);
        printAttributes(ctx, c.attributes);
      });
      out.line('', 'other');
    }
  });
}

function printMethodParameters(ctx: Ctx, a: AttributeOf<'MethodParameters'>): void {
  const { out, pool } = ctx;
  out.line('MethodParameters:');
  out.indented(2, () => {
    out.line(`${'Name'.padEnd(30)} Flags`);
    for (const p of a.parameters) {
      const name = p.nameIndex === 0 ? '<no name>' : pool.utf8(p.nameIndex) ?? INVALID;
      const flags = flagNames(p.accessFlags, 'parameter')
        .split(', ')
        .filter((x) => x)
        .map((x) => x.replace(/^ACC_/, '').toLowerCase())
        .join(' ');
      out.line(flags ? `${name.padEnd(30)} ${flags}` : name);
    }
  });
}

function hexDump(ctx: Ctx, data: Uint8Array): void {
  const max = 256;
  ctx.out.indented(2, () => {
    for (let i = 0; i < Math.min(data.length, max); i += 16) {
      const bytes = Array.from(data.subarray(i, Math.min(i + 16, data.length, max)), (b) => b.toString(16).padStart(2, '0'));
      ctx.out.line(`${i.toString(16).padStart(4, '0')}: ${bytes.join(' ')}`);
    }
    if (data.length > max) ctx.out.line(`... (${data.length - max} more bytes)`);
  });
}

export function printAttribute(ctx: Ctx, a: Attribute, owner: AttrOwner): void {
  const { out, pool } = ctx;
  switch (a.name) {
    case 'Code':
      return printCode(ctx, a, owner);
    case 'ConstantValue':
      return out.line(`ConstantValue: ${constantValueText(ctx, a.valueIndex)}`);
    case 'StackMapTable':
      return printStackMapTable(ctx, a.frames);
    case 'Exceptions':
      out.line('Exceptions:');
      return out.indented(2, () =>
        out.line(`throws ${a.exceptionIndices.map((i) => {
          const n = pool.className(i);
          return n === undefined ? `#${i} /* ${INVALID} */` : dotted(n);
        }).join(', ')}`),
      );
    case 'InnerClasses':
      return printInnerClasses(ctx, a);
    case 'EnclosingMethod': {
      const cls = pool.className(a.classIndex);
      let comment = cls === undefined ? INVALID : dotted(cls);
      if (a.methodIndex !== 0) {
        const nt = pool.entry(a.methodIndex);
        comment += `.${nt?.tag === Tag.NameAndType ? pool.utf8(nt.nameIndex) ?? INVALID : INVALID}`;
      }
      return out.commented(`EnclosingMethod: #${a.classIndex}.#${a.methodIndex}`, comment, COL);
    }
    case 'Synthetic':
      return out.line('Synthetic: true');
    case 'Deprecated':
      return out.line('Deprecated: true');
    case 'Signature':
      return out.commented(`Signature: #${a.signatureIndex}`, pool.utf8(a.signatureIndex) ?? INVALID, COL);
    case 'SourceFile':
      return out.line(`SourceFile: "${escapeString(pool.utf8(a.sourceFileIndex) ?? INVALID)}"`);
    case 'SourceDebugExtension': {
      out.line('SourceDebugExtension:');
      const text = new TextDecoder('utf-8', { fatal: false }).decode(a.data);
      return out.indented(2, () => text.split(/\r?\n/).forEach((l) => out.line(escapeString(l))));
    }
    case 'LineNumberTable':
      out.line('LineNumberTable:');
      return out.indented(2, () => a.lines.forEach((l) => out.line(`line ${l.line}: ${l.startPc}`)));
    case 'LocalVariableTable':
    case 'LocalVariableTypeTable':
      return printLocalVariables(ctx, a.name, a.vars);
    case 'RuntimeVisibleAnnotations':
    case 'RuntimeInvisibleAnnotations':
      return printAnnotations(ctx, a.name, a.annotations);
    case 'RuntimeVisibleParameterAnnotations':
    case 'RuntimeInvisibleParameterAnnotations':
      return printParameterAnnotations(ctx, a.name, a.parameters);
    case 'RuntimeVisibleTypeAnnotations':
    case 'RuntimeInvisibleTypeAnnotations':
      return printTypeAnnotations(ctx, a.name, a.annotations);
    case 'AnnotationDefault':
      return printAnnotationDefault(ctx, a.value);
    case 'BootstrapMethods':
      return printBootstrapMethods(ctx, a);
    case 'MethodParameters':
      return printMethodParameters(ctx, a);
    case 'Module':
      return printModule(ctx, a.module);
    case 'ModulePackages':
      out.line('ModulePackages:');
      return out.indented(2, () =>
        a.packageIndices.forEach((i) => {
          const n = pool.moduleOrPackageName(i);
          out.commented(`#${i}`, n === undefined ? INVALID : dotted(n), COL);
        }),
      );
    case 'ModuleMainClass':
      return out.commented(`ModuleMainClass: #${a.mainClassIndex}`, pool.value(a.mainClassIndex), COL);
    case 'NestHost':
      return out.line(`NestHost: class ${classOrInvalid(ctx, a.hostClassIndex)}`);
    case 'NestMembers':
      return classList(ctx, 'NestMembers', a.classIndices);
    case 'PermittedSubclasses':
      return classList(ctx, 'PermittedSubclasses', a.classIndices);
    case 'Record':
      return printRecord(ctx, a);
    case 'Unknown':
      if (printJdkAttribute(ctx, a.attributeName, a.data)) return;
      out.line(`${a.attributeName}: length = 0x${a.data.length.toString(16).toUpperCase()} (unknown attribute)`);
      return hexDump(ctx, a.data);
  }
}
