// Annotations in javap's two-part form: the raw constant-pool shape
// `#21(#22=s#17,#30=[I#81,I#82])` followed by a readable rendering
// `dis.Visible(\n  name="cls"\n  nums=[1,2]\n)`. Also type annotations (target and path),
// parameter annotations and AnnotationDefault.

import { Tag, type Annotation, type ElementValue, type TypeAnnotation } from '../classfile/model';
import { INVALID } from './constants';
import type { Ctx } from './printer';
import { doubleFromBits, escapeString, floatFromBits, javaDouble, javaFloat } from './text';
import { fieldTypeName } from './types';

const MAX_NESTING = 64;

export function rawElementValue(v: ElementValue, depth = 0): string {
  if (depth > MAX_NESTING) return '...';
  switch (v.tag) {
    case 'e':
      return `e#${v.typeNameIndex}.#${v.constNameIndex}`;
    case 'c':
      return `c#${v.classInfoIndex}`;
    case '@':
      return `@${rawAnnotation(v.annotation, depth + 1)}`;
    case '[':
      return `[${v.values.map((x) => rawElementValue(x, depth + 1)).join(',')}]`;
    default:
      return `${v.tag}#${v.constValueIndex}`;
  }
}

export function rawAnnotation(a: Annotation, depth = 0): string {
  return `#${a.typeIndex}(${a.pairs.map((p) => `#${p.nameIndex}=${rawElementValue(p.value, depth + 1)}`).join(',')})`;
}

/** The Java type named by a field descriptor at cp index `i` (`Lp/A;` -> `p.A`). */
function typeNameAt(ctx: Pick<Ctx, 'pool'>, i: number): string {
  const d = ctx.pool.utf8(i);
  if (d === undefined) return INVALID;
  return fieldTypeName(d) ?? d;
}

function constValue(ctx: Pick<Ctx, 'pool'>, tag: string, i: number): string {
  const e = ctx.pool.entry(i);
  if (!e) return INVALID;
  if (tag === 's') return e.tag === Tag.Utf8 ? `"${escapeString(e.value)}"` : INVALID;
  if (tag === 'J') return e.tag === Tag.Long ? `${BigInt.asIntN(64, e.value)}l` : INVALID;
  if (tag === 'D') return e.tag === Tag.Double ? `${javaDouble(doubleFromBits(e.bits))}d` : INVALID;
  if (tag === 'F') return e.tag === Tag.Float ? `${javaFloat(floatFromBits(e.bits))}f` : INVALID;
  if (e.tag !== Tag.Integer) return INVALID;
  const n = e.value | 0;
  switch (tag) {
    case 'Z':
      return n !== 0 ? 'true' : 'false';
    case 'C':
      return `'${escapeString(String.fromCharCode(n & 0xffff))}'`;
    case 'B':
      return `(byte) ${n}`;
    case 'S':
      return `(short) ${n}`;
    default:
      return String(n);
  }
}

/** Readable element value; nested annotations print over several lines. */
function printElementValue(ctx: Ctx, prefix: string, v: ElementValue, depth: number): void {
  if (v.tag === '@') {
    printAnnotationBody(ctx, `${prefix}@`, v.annotation, depth + 1);
    return;
  }
  ctx.out.line(prefix + elementValueText(ctx, v, depth));
}

/** Single-line readable form of an element value. */
function elementValueText(ctx: Ctx, v: ElementValue, depth: number): string {
  if (depth > MAX_NESTING) return '...';
  switch (v.tag) {
    case 'e':
      return `${ctx.pool.utf8(v.typeNameIndex) ?? INVALID}.${ctx.pool.utf8(v.constNameIndex) ?? INVALID}`;
    case 'c':
      return `class ${ctx.pool.utf8(v.classInfoIndex) ?? INVALID}`;
    case '@': {
      const a = v.annotation;
      const pairs = a.pairs.map((p) => `${ctx.pool.utf8(p.nameIndex) ?? INVALID}=${elementValueText(ctx, p.value, depth + 1)}`);
      return `@${typeNameAt(ctx, a.typeIndex)}${pairs.length ? `(${pairs.join(',')})` : ''}`;
    }
    case '[':
      return `[${v.values.map((x) => elementValueText(ctx, x, depth + 1)).join(',')}]`;
    default:
      return constValue(ctx, v.tag, v.constValueIndex);
  }
}

function printAnnotationBody(ctx: Ctx, prefix: string, a: Annotation, depth: number): void {
  const { out } = ctx;
  const name = typeNameAt(ctx, a.typeIndex);
  if (a.pairs.length === 0) {
    out.line(prefix + name);
    return;
  }
  out.line(`${prefix}${name}(`);
  out.indented(2, () => {
    for (const p of a.pairs) printElementValue(ctx, `${ctx.pool.utf8(p.nameIndex) ?? INVALID}=`, p.value, depth + 1);
  });
  out.line(')');
}

/** `0: #21(#22=s#17)` then the readable form, indented. */
export function printAnnotation(ctx: Ctx, index: number, a: Annotation, suffix = ''): void {
  ctx.out.line(`${index}: ${rawAnnotation(a)}${suffix}`);
  ctx.out.indented(2, () => printAnnotationBody(ctx, '', a, 0));
}

export function printAnnotations(ctx: Ctx, name: string, list: readonly Annotation[]): void {
  ctx.out.line(`${name}:`);
  ctx.out.indented(2, () => list.forEach((a, i) => printAnnotation(ctx, i, a)));
}

export function printParameterAnnotations(ctx: Ctx, name: string, params: readonly (readonly Annotation[])[]): void {
  const { out } = ctx;
  out.line(`${name}:`);
  out.indented(2, () =>
    params.forEach((list, p) => {
      out.line(`parameter ${p}:`);
      out.indented(2, () => list.forEach((a, i) => printAnnotation(ctx, i, a)));
    }),
  );
}

export function printAnnotationDefault(ctx: Ctx, v: ElementValue): void {
  const { out } = ctx;
  out.line('AnnotationDefault:');
  out.indented(2, () => {
    out.line(`default_value: ${rawElementValue(v)}`);
    out.indented(2, () => printElementValue(ctx, '', v, 0));
  });
}

const TARGET_NAMES: Readonly<Record<number, string>> = {
  0x00: 'CLASS_TYPE_PARAMETER',
  0x01: 'METHOD_TYPE_PARAMETER',
  0x10: 'CLASS_EXTENDS',
  0x11: 'CLASS_TYPE_PARAMETER_BOUND',
  0x12: 'METHOD_TYPE_PARAMETER_BOUND',
  0x13: 'FIELD',
  0x14: 'METHOD_RETURN',
  0x15: 'METHOD_RECEIVER',
  0x16: 'METHOD_FORMAL_PARAMETER',
  0x17: 'THROWS',
  0x40: 'LOCAL_VARIABLE',
  0x41: 'RESOURCE_VARIABLE',
  0x42: 'EXCEPTION_PARAMETER',
  0x43: 'INSTANCEOF',
  0x44: 'NEW',
  0x45: 'CONSTRUCTOR_REFERENCE',
  0x46: 'METHOD_REFERENCE',
  0x47: 'CAST',
  0x48: 'CONSTRUCTOR_INVOCATION_TYPE_ARGUMENT',
  0x49: 'METHOD_INVOCATION_TYPE_ARGUMENT',
  0x4a: 'CONSTRUCTOR_REFERENCE_TYPE_ARGUMENT',
  0x4b: 'METHOD_REFERENCE_TYPE_ARGUMENT',
};

const PATH_KINDS = ['ARRAY', 'INNER_TYPE', 'WILDCARD', 'TYPE_ARGUMENT'];

/** `FIELD, location=[TYPE_ARGUMENT(0)]`, `CAST, offset=5, type_index=0`, ... */
export function typeAnnotationTarget(ta: TypeAnnotation): string {
  const parts = [TARGET_NAMES[ta.targetType] ?? `UNKNOWN(0x${ta.targetType.toString(16)})`];
  const t = ta.target;
  switch (t.kind) {
    case 'type_parameter':
      parts.push(`param_index=${t.index}`);
      break;
    case 'supertype':
      parts.push(`type_index=${t.index}`);
      break;
    case 'type_parameter_bound':
      parts.push(`param_index=${t.typeParameterIndex}`, `bound_index=${t.boundIndex}`);
      break;
    case 'empty':
      break;
    case 'formal_parameter':
      parts.push(`param_index=${t.index}`);
      break;
    case 'throws':
      parts.push(`type_index=${t.index}`);
      break;
    case 'localvar':
      parts.push(t.table.map((r) => `{start_pc=${r.startPc}, length=${r.length}, index=${r.index}}`).join(', '));
      break;
    case 'catch':
      parts.push(`exception_index=${t.exceptionTableIndex}`);
      break;
    case 'offset':
      parts.push(`offset=${t.offset}`);
      break;
    case 'type_argument':
      parts.push(`offset=${t.offset}`, `type_index=${t.typeArgumentIndex}`);
      break;
  }
  if (ta.path.length) {
    const loc = ta.path.map(([kind, arg]) => (kind === 3 ? `TYPE_ARGUMENT(${arg})` : PATH_KINDS[kind] ?? `UNKNOWN(${kind})`));
    parts.push(`location=[${loc.join(', ')}]`);
  }
  return parts.join(', ');
}

export function printTypeAnnotations(ctx: Ctx, name: string, list: readonly TypeAnnotation[]): void {
  ctx.out.line(`${name}:`);
  ctx.out.indented(2, () => list.forEach((ta, i) => printAnnotation(ctx, i, ta.annotation, `: ${typeAnnotationTarget(ta)}`)));
}
