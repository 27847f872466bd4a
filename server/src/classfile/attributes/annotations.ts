// Annotations (JVMS 4.7.16-4.7.22): Runtime(In)Visible(Parameter|Type)Annotations and
// AnnotationDefault. Type annotations keep their target_info decoded by target_type, and the
// target_type byte itself, so the encoding is reproduced exactly.

import type { Annotation, ElementValue, ElementValuePair, TypeAnnotation, TypeAnnotationTarget } from '../model';
import { CodeModelError } from '../errors';
import type { ByteWriter } from '../bytes';
import type { Codecs } from './codec';
import { M, MAX_ANNOTATION_DEPTH, type ReadContext } from './context';

// ---- reading --------------------------------------------------------------------------------

function readAnnotation(ctx: ReadContext): Annotation {
  const typeIndex = ctx.ref(M.Utf8, 'annotation type_index');
  const n = ctx.count(3, 'element-value pairs');
  const pairs: ElementValuePair[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const nameIndex = ctx.ref(M.Utf8, 'element_name_index');
    pairs[i] = { nameIndex, value: readElementValue(ctx) };
  }
  return { typeIndex, pairs };
}

function readElementValue(ctx: ReadContext): ElementValue {
  const { r } = ctx;
  const at = r.pos;
  const t = r.u1('element_value tag');
  switch (t) {
    case 0x42: // B
    case 0x43: // C
    case 0x49: // I
    case 0x53: // S
    case 0x5a: // Z
      return { tag: String.fromCharCode(t) as 'B', constValueIndex: ctx.ref(M.Integer, 'const_value_index') };
    case 0x44: // D
      return { tag: 'D', constValueIndex: ctx.ref(M.Double, 'const_value_index') };
    case 0x46: // F
      return { tag: 'F', constValueIndex: ctx.ref(M.Float, 'const_value_index') };
    case 0x4a: // J
      return { tag: 'J', constValueIndex: ctx.ref(M.Long, 'const_value_index') };
    case 0x73: // s
      return { tag: 's', constValueIndex: ctx.ref(M.Utf8, 'const_value_index') };
    case 0x65: {
      // e
      const typeNameIndex = ctx.ref(M.Utf8, 'enum type_name_index');
      return { tag: 'e', typeNameIndex, constNameIndex: ctx.ref(M.Utf8, 'enum const_name_index') };
    }
    case 0x63: // c
      return { tag: 'c', classInfoIndex: ctx.ref(M.Utf8, 'class_info_index') };
    case 0x40: // @
    case 0x5b: {
      // [
      if (ctx.annotationDepth >= MAX_ANNOTATION_DEPTH) r.fail(`element values nested at most ${MAX_ANNOTATION_DEPTH} deep`, undefined, at);
      ctx.annotationDepth++;
      let v: ElementValue;
      if (t === 0x40) v = { tag: '@', annotation: readAnnotation(ctx) };
      else {
        const n = ctx.count(3, 'array element values');
        const values: ElementValue[] = new Array(n);
        for (let i = 0; i < n; i++) values[i] = readElementValue(ctx);
        v = { tag: '[', values };
      }
      ctx.annotationDepth--;
      return v;
    }
    default:
      return r.fail('an element_value tag (one of BCDFIJSZsec@[)', `0x${t.toString(16)}`, at);
  }
}

function readAnnotations(ctx: ReadContext): Annotation[] {
  const n = ctx.count(4, 'annotations');
  const out: Annotation[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = readAnnotation(ctx);
  return out;
}

function readTarget(ctx: ReadContext, targetType: number, at: number): TypeAnnotationTarget {
  const { r } = ctx;
  switch (targetType) {
    case 0x00:
    case 0x01:
      return { kind: 'type_parameter', index: r.u1('type_parameter_index') };
    case 0x10:
      return { kind: 'supertype', index: r.u2('supertype_index') };
    case 0x11:
    case 0x12: {
      const typeParameterIndex = r.u1('type_parameter_index');
      return { kind: 'type_parameter_bound', typeParameterIndex, boundIndex: r.u1('bound_index') };
    }
    case 0x13:
    case 0x14:
    case 0x15:
      return { kind: 'empty' };
    case 0x16:
      return { kind: 'formal_parameter', index: r.u1('formal_parameter_index') };
    case 0x17:
      return { kind: 'throws', index: r.u2('throws_type_index') };
    case 0x40:
    case 0x41: {
      const n = ctx.count(6, 'localvar_target entries');
      const table: { startPc: number; length: number; index: number }[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const startPc = r.u2();
        const length = r.u2();
        table[i] = { startPc, length, index: r.u2() };
      }
      return { kind: 'localvar', table };
    }
    case 0x42:
      return { kind: 'catch', exceptionTableIndex: r.u2('exception_table_index') };
    case 0x43:
    case 0x44:
    case 0x45:
    case 0x46:
      return { kind: 'offset', offset: r.u2('offset') };
    case 0x47:
    case 0x48:
    case 0x49:
    case 0x4a:
    case 0x4b: {
      const offset = r.u2('offset');
      return { kind: 'type_argument', offset, typeArgumentIndex: r.u1('type_argument_index') };
    }
    default:
      return r.fail('a type annotation target_type (0x00-0x01, 0x10-0x17, 0x40-0x4B)', `0x${targetType.toString(16)}`, at);
  }
}

function readTypeAnnotation(ctx: ReadContext): TypeAnnotation {
  const { r } = ctx;
  const at = r.pos;
  const targetType = r.u1('target_type');
  const target = readTarget(ctx, targetType, at);
  const n = ctx.count1(2, 'type_path entries');
  const path: [number, number][] = new Array(n);
  for (let i = 0; i < n; i++) {
    const kindAt = r.pos;
    const kind = r.u1('type_path_kind');
    if (kind > 3) r.fail('a type_path_kind (0-3)', String(kind), kindAt);
    path[i] = [kind, r.u1('type_argument_index')];
  }
  return { targetType, target, path, annotation: readAnnotation(ctx) };
}

// ---- writing --------------------------------------------------------------------------------

function writeAnnotation(w: ByteWriter, a: Annotation): void {
  w.u2(a.typeIndex);
  w.u2(a.pairs.length);
  for (const p of a.pairs) {
    w.u2(p.nameIndex);
    writeElementValue(w, p.value);
  }
}

function writeElementValue(w: ByteWriter, v: ElementValue): void {
  switch (v.tag) {
    case 'B':
    case 'C':
    case 'D':
    case 'F':
    case 'I':
    case 'J':
    case 'S':
    case 'Z':
    case 's':
      w.u1(v.tag.charCodeAt(0));
      w.u2(v.constValueIndex);
      return;
    case 'e':
      w.u1(0x65);
      w.u2(v.typeNameIndex);
      w.u2(v.constNameIndex);
      return;
    case 'c':
      w.u1(0x63);
      w.u2(v.classInfoIndex);
      return;
    case '@':
      w.u1(0x40);
      writeAnnotation(w, v.annotation);
      return;
    case '[':
      w.u1(0x5b);
      w.u2(v.values.length);
      for (const e of v.values) writeElementValue(w, e);
      return;
    default:
      throw new CodeModelError(`bad element_value tag ${JSON.stringify((v as { tag: unknown }).tag)}`);
  }
}

function writeAnnotations(w: ByteWriter, list: readonly Annotation[]): void {
  w.u2(list.length);
  for (const a of list) writeAnnotation(w, a);
}

/** The target kind each target_type must carry (index = target_type). */
function targetKind(targetType: number): TypeAnnotationTarget['kind'] | undefined {
  if (targetType <= 0x01) return 'type_parameter';
  if (targetType === 0x10) return 'supertype';
  if (targetType === 0x11 || targetType === 0x12) return 'type_parameter_bound';
  if (targetType >= 0x13 && targetType <= 0x15) return 'empty';
  if (targetType === 0x16) return 'formal_parameter';
  if (targetType === 0x17) return 'throws';
  if (targetType === 0x40 || targetType === 0x41) return 'localvar';
  if (targetType === 0x42) return 'catch';
  if (targetType >= 0x43 && targetType <= 0x46) return 'offset';
  if (targetType >= 0x47 && targetType <= 0x4b) return 'type_argument';
  return undefined;
}

function writeTypeAnnotation(w: ByteWriter, ta: TypeAnnotation): void {
  const t = ta.target;
  if (targetKind(ta.targetType) !== t.kind)
    throw new CodeModelError(`type annotation target_type 0x${ta.targetType.toString(16)} cannot have a '${t.kind}' target`);
  w.u1(ta.targetType);
  switch (t.kind) {
    case 'type_parameter':
    case 'formal_parameter':
      w.u1(t.index);
      break;
    case 'supertype':
    case 'throws':
      w.u2(t.index);
      break;
    case 'type_parameter_bound':
      w.u1(t.typeParameterIndex);
      w.u1(t.boundIndex);
      break;
    case 'empty':
      break;
    case 'localvar':
      w.u2(t.table.length);
      for (const e of t.table) {
        w.u2(e.startPc);
        w.u2(e.length);
        w.u2(e.index);
      }
      break;
    case 'catch':
      w.u2(t.exceptionTableIndex);
      break;
    case 'offset':
      w.u2(t.offset);
      break;
    case 'type_argument':
      w.u2(t.offset);
      w.u1(t.typeArgumentIndex);
      break;
  }
  w.u1(ta.path.length);
  for (const [kind, arg] of ta.path) {
    w.u1(kind);
    w.u1(arg);
  }
  writeAnnotation(w, ta.annotation);
}

// ---- codecs ---------------------------------------------------------------------------------

type AnnotationNames =
  | 'RuntimeVisibleAnnotations'
  | 'RuntimeInvisibleAnnotations'
  | 'RuntimeVisibleParameterAnnotations'
  | 'RuntimeInvisibleParameterAnnotations'
  | 'RuntimeVisibleTypeAnnotations'
  | 'RuntimeInvisibleTypeAnnotations'
  | 'AnnotationDefault';

export const annotationCodecs: Codecs<AnnotationNames> = {
  RuntimeVisibleAnnotations: {
    read: (ctx, nameIndex) => ({ name: 'RuntimeVisibleAnnotations', nameIndex, annotations: readAnnotations(ctx) }),
    write: ({ w }, a) => writeAnnotations(w, a.annotations),
  },
  RuntimeInvisibleAnnotations: {
    read: (ctx, nameIndex) => ({ name: 'RuntimeInvisibleAnnotations', nameIndex, annotations: readAnnotations(ctx) }),
    write: ({ w }, a) => writeAnnotations(w, a.annotations),
  },
  RuntimeVisibleParameterAnnotations: {
    read: (ctx, nameIndex) => ({ name: 'RuntimeVisibleParameterAnnotations', nameIndex, parameters: readParameters(ctx) }),
    write: ({ w }, a) => writeParameters(w, a.parameters),
  },
  RuntimeInvisibleParameterAnnotations: {
    read: (ctx, nameIndex) => ({ name: 'RuntimeInvisibleParameterAnnotations', nameIndex, parameters: readParameters(ctx) }),
    write: ({ w }, a) => writeParameters(w, a.parameters),
  },
  RuntimeVisibleTypeAnnotations: {
    read: (ctx, nameIndex) => ({ name: 'RuntimeVisibleTypeAnnotations', nameIndex, annotations: readTypeAnnotations(ctx) }),
    write: ({ w }, a) => writeTypeAnnotations(w, a.annotations),
  },
  RuntimeInvisibleTypeAnnotations: {
    read: (ctx, nameIndex) => ({ name: 'RuntimeInvisibleTypeAnnotations', nameIndex, annotations: readTypeAnnotations(ctx) }),
    write: ({ w }, a) => writeTypeAnnotations(w, a.annotations),
  },
  AnnotationDefault: {
    read: (ctx, nameIndex) => ({ name: 'AnnotationDefault', nameIndex, value: readElementValue(ctx) }),
    write: ({ w }, a) => writeElementValue(w, a.value),
  },
};

function readParameters(ctx: ReadContext): Annotation[][] {
  const n = ctx.count1(2, 'parameter annotation lists');
  const out: Annotation[][] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = readAnnotations(ctx);
  return out;
}

function writeParameters(w: ByteWriter, params: readonly Annotation[][]): void {
  w.u1(params.length);
  for (const p of params) writeAnnotations(w, p);
}

function readTypeAnnotations(ctx: ReadContext): TypeAnnotation[] {
  const n = ctx.count(6, 'type annotations');
  const out: TypeAnnotation[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = readTypeAnnotation(ctx);
  return out;
}

function writeTypeAnnotations(w: ByteWriter, list: readonly TypeAnnotation[]): void {
  w.u2(list.length);
  for (const a of list) writeTypeAnnotation(w, a);
}
