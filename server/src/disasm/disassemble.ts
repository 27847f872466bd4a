// The disassembler's entry points: a `javap -c -v -p`-like listing of a parsed class file.
// `disassembleListing` returns the lines with their member / bytecode-offset tags (for the
// editor's side-by-side original vs. transformed view); `disassemble` returns the text.

import type { AttributeOf, ClassFile, MemberInfo } from '../classfile/model';
import { printAttributes } from './attributes';
import { INVALID, PoolText } from './constants';
import { classModifiers, fieldModifiers, flagsLine, methodModifiers } from './flags';
import { guarded, Printer, type Ctx, type DisasmOptions, type Listing } from './printer';
import { dotted, quoteName } from './text';
import { classSignature, fieldSignature, fieldTypeName, methodSignature, methodTypeNames } from './types';

export type { DisasmOptions, Listing, ListingLine, LineKind } from './printer';

const COL = 40;

function attr<N extends 'Signature' | 'Exceptions' | 'SourceFile' | 'Module'>(
  attrs: readonly { name: string }[],
  name: N,
): AttributeOf<N> | undefined {
  return attrs.find((a) => a.name === name) as AttributeOf<N> | undefined;
}

function signatureOf(ctx: Ctx, attrs: MemberInfo['attributes']): string | undefined {
  const s = attr(attrs, 'Signature');
  return s ? ctx.pool.utf8(s.signatureIndex) : undefined;
}

function classNameText(ctx: Ctx, i: number): string {
  const n = ctx.pool.className(i);
  return n === undefined ? INVALID : dotted(n);
}

/** `public class p.A<T extends java.lang.Object> extends p.B implements p.I`. */
export function classHeader(ctx: Ctx): string {
  const { cf, pool } = ctx;
  if (cf.accessFlags & 0x8000) {
    const m = attr(cf.attributes, 'Module');
    const name = m ? pool.moduleOrPackageName(m.module.moduleNameIndex) ?? INVALID : INVALID;
    const version = m && m.module.moduleVersionIndex !== 0 ? pool.utf8(m.module.moduleVersionIndex) : undefined;
    return `${m && m.module.moduleFlags & 0x0020 ? 'open ' : ''}module ${name}${version !== undefined ? '@' + version : ''}`;
  }
  const isInterface = (cf.accessFlags & 0x0200) !== 0;
  const words = [...classModifiers(cf.accessFlags), isInterface ? 'interface' : 'class'];
  let head = `${words.join(' ')} ${classNameText(ctx, cf.thisClass)}`;
  const sigText = signatureOf(ctx, cf.attributes);
  const sig = sigText === undefined ? undefined : classSignature(sigText);
  if (sig) {
    head += sig.typeParams;
    if (isInterface) {
      if (sig.interfaces.length) head += ` extends ${sig.interfaces.join(', ')}`;
    } else {
      head += ` extends ${sig.superclass}`;
      if (sig.interfaces.length) head += ` implements ${sig.interfaces.join(', ')}`;
    }
    return head;
  }
  const interfaces = cf.interfaces.map((i) => classNameText(ctx, i));
  if (isInterface) {
    // (javap joins the interfaces of a class without Signature with no space)
    if (interfaces.length) head += ` extends ${interfaces.join(',')}`;
  } else {
    const sup = cf.superClass === 0 ? undefined : pool.className(cf.superClass);
    if (cf.superClass !== 0 && sup !== 'java/lang/Object') head += ` extends ${sup === undefined ? INVALID : dotted(sup)}`;
    if (interfaces.length) head += ` implements ${interfaces.join(',')}`;
  }
  return head;
}

export function fieldHeader(ctx: Ctx, f: MemberInfo): string {
  const desc = ctx.pool.utf8(f.descriptorIndex);
  const sig = signatureOf(ctx, f.attributes);
  const type = (sig !== undefined ? fieldSignature(sig) : undefined) ?? (desc !== undefined ? fieldTypeName(desc) ?? desc : INVALID);
  const mods = fieldModifiers(f.accessFlags);
  return `${mods.length ? mods.join(' ') + ' ' : ''}${type} ${ctx.pool.utf8(f.nameIndex) ?? INVALID};`;
}

export function methodHeader(ctx: Ctx, m: MemberInfo): string {
  const { cf, pool } = ctx;
  const name = pool.utf8(m.nameIndex) ?? INVALID;
  const mods = methodModifiers(m.accessFlags, (cf.accessFlags & 0x0200) !== 0);
  if (name === '<clinit>') return 'static {};';
  const desc = pool.utf8(m.descriptorIndex);
  const sigText = signatureOf(ctx, m.attributes);
  const sig = sigText === undefined ? undefined : methodSignature(sigText);
  const plain = desc === undefined ? undefined : methodTypeNames(desc);
  const params = sig?.params ?? plain?.params;
  const ret = sig?.ret ?? plain?.ret;
  if (params === undefined || ret === undefined) return `${mods.length ? mods.join(' ') + ' ' : ''}${quoteName(name)}${desc ?? INVALID};`;
  const shown = [...params];
  if (m.accessFlags & 0x0080 && shown.length && shown[shown.length - 1]!.endsWith('[]'))
    shown[shown.length - 1] = shown[shown.length - 1]!.slice(0, -2) + '...';
  let throws = sig?.throws ?? [];
  if (throws.length === 0) {
    const ex = attr(m.attributes, 'Exceptions');
    if (ex) throws = ex.exceptionIndices.map((i) => classNameText(ctx, i));
  }
  const words = [...mods];
  if (sig?.typeParams) words.push(sig.typeParams);
  if (name === '<init>') words.push(classNameText(ctx, cf.thisClass));
  else words.push(ret, name);
  const head = words.slice(0, -1).concat(words[words.length - 1]! + `(${shown.join(', ')})`).join(' ');
  return `${head}${throws.length ? ` throws ${throws.join(', ')}` : ''};`;
}

function printConstantPool(ctx: Ctx): void {
  const { out, pool } = ctx;
  out.line('Constant pool:', 'class');
  const width = String(pool.size - 1).length + 1;
  for (let i = 1; i < pool.size; i++) {
    const l = pool.listing(i);
    if (!l) continue;
    const body = `${`#${i}`.padStart(width + 2)} = ${l.tag.padEnd(18)} ${l.operands}`;
    out.line(l.comment === undefined ? (l.operands === '' ? body.trimEnd() : body) : `${body.padEnd(41)} // ${l.comment}`, 'constant');
  }
}

function printMember(ctx: Ctx, m: MemberInfo, kind: 'field' | 'method', index: number): void {
  const { out, pool } = ctx;
  out.member = { kind, index };
  guarded(ctx, () => {
    out.line(kind === 'field' ? fieldHeader(ctx, m) : methodHeader(ctx, m), 'member');
    out.indented(2, () => {
      out.line(`descriptor: ${pool.utf8(m.descriptorIndex) ?? INVALID}`, 'member');
      out.line(`flags: ${flagsLine(m.accessFlags, kind)}`, 'member');
      printAttributes(ctx, m.attributes, kind === 'method' ? { method: m } : {});
    });
  });
  out.member = undefined;
}

/** The listing as tagged lines. Never throws on malformed references: they print as `<invalid>`. */
export function disassembleListing(cf: ClassFile, opts: DisasmOptions = {}): Listing {
  const out = new Printer();
  const ctx: Ctx = { cf, pool: new PoolText(cf), out };
  if (opts.source !== undefined) out.line(`Classfile ${opts.source}`, 'class');
  const sf = attr(cf.attributes, 'SourceFile');
  if (sf) out.line(`  Compiled from "${ctx.pool.utf8(sf.sourceFileIndex) ?? INVALID}"`, 'class');
  guarded(ctx, () => out.line(classHeader(ctx), 'class'));
  out.indented(2, () => {
    out.line(`minor version: ${cf.minorVersion}`, 'class');
    out.line(`major version: ${cf.majorVersion}`, 'class');
    out.line(`flags: ${flagsLine(cf.accessFlags, 'class')}`, 'class');
    out.commented(`this_class: #${cf.thisClass}`, ctx.pool.value(cf.thisClass), COL, 'class');
    if (cf.superClass === 0) out.line('super_class: #0', 'class');
    else out.commented(`super_class: #${cf.superClass}`, ctx.pool.value(cf.superClass), COL, 'class');
    if (cf.interfaces.length) {
      const names = cf.interfaces.map((i) => ctx.pool.value(i)).join(', ');
      out.commented(`interfaces: ${cf.interfaces.map((i) => `#${i}`).join(', ')}`, names, COL, 'class');
    }
    out.line(
      `interfaces: ${cf.interfaces.length}, fields: ${cf.fields.length}, methods: ${cf.methods.length}, attributes: ${cf.attributes.length}`,
      'class',
    );
  });
  if (opts.constantPool) printConstantPool(ctx);
  out.line('{', 'other');
  out.indented(2, () => {
    const members = [
      ...cf.fields.map((m, i) => [m, 'field', i] as const),
      ...cf.methods.map((m, i) => [m, 'method', i] as const),
    ];
    members.forEach(([m, kind, i], n) => {
      if (n > 0) out.line('', 'other');
      printMember(ctx, m, kind, i);
    });
  });
  out.line('}', 'other');
  printAttributes(ctx, cf.attributes);
  return { lines: out.lines };
}

/** A `javap -c -v -p`-like text listing of `cf` (constant pool only with `constantPool: true`). */
export function disassemble(cf: ClassFile, opts: DisasmOptions = {}): string {
  return disassembleListing(cf, opts).lines.map((l) => l.text).join('\n') + '\n';
}
