// Attribute lists: name → codec dispatch, attribute_length framing, and nesting limits.
//
// Attributes are recognised by name wherever they appear (class, field, method, Code, record
// component). A known attribute's body must be consumed exactly by its decoder: the reader's
// limit is narrowed to the body, so a decoder can neither run past attribute_length nor stop
// short of it. Unknown names are kept as raw bytes.

import type { Attribute, CpEntry } from '../model';
import type { LimitToken } from '../bytes';
import { Tag } from '../model';
import { ClassFormatError, CodeModelError } from '../errors';
import type { Codec, Codecs, KnownName } from './codec';
import { M, MAX_DEPTH, type ReadContext, type WriteContext } from './context';
import { annotationCodecs } from './annotations';
import { classCodecs } from './class';
import { codeCodecs } from './code';
import { memberCodecs } from './member';
import { moduleCodecs } from './module';
import { stackMapCodecs } from './stackmap';

const CODECS: Codecs = {
  ...codeCodecs,
  ...stackMapCodecs,
  ...annotationCodecs,
  ...moduleCodecs,
  ...classCodecs,
  ...memberCodecs,
};

// Every Codec<N> handles exactly the attributes named N, which the dispatch below guarantees.
const TABLE = new Map<string, Codec<KnownName>>(Object.entries(CODECS) as [string, Codec<KnownName>][]);

/** Annotation attributes: HotSpot loads a class even when these are malformed (it skips the
 * invisible ones and keeps the visible ones unparsed for reflection). */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  'RuntimeVisibleAnnotations',
  'RuntimeInvisibleAnnotations',
  'RuntimeVisibleParameterAnnotations',
  'RuntimeInvisibleParameterAnnotations',
  'RuntimeVisibleTypeAnnotations',
  'RuntimeInvisibleTypeAnnotations',
  'AnnotationDefault',
]);

/** The attribute names this package decodes (everything else becomes `Unknown`). */
export const KNOWN_ATTRIBUTES: readonly KnownName[] = Object.keys(CODECS) as KnownName[];

/** Decodes a u2 attribute count and that many attributes at the reader's position. */
export function readAttributes(ctx: ReadContext): Attribute[] {
  const { r } = ctx;
  if (ctx.depth >= MAX_DEPTH) r.fail(`attributes nested at most ${MAX_DEPTH} deep`);
  ctx.depth++;
  const n = ctx.count(6, 'attributes');
  const out: Attribute[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = readAttribute(ctx);
  ctx.depth--;
  return out;
}

function readAttribute(ctx: ReadContext): Attribute {
  const { r } = ctx;
  const nameIndex = ctx.ref(M.Utf8, 'attribute_name_index');
  const name = ctx.utf8(nameIndex);
  const lengthAt = r.pos;
  const length = r.u4('attribute_length');
  const start = r.pos;
  if (length > r.limit - start)
    r.fail(`attribute ${name} (attribute_length ${length}) to fit before ${r.limitDescription()}`, `${r.limit - start} bytes left`, lengthAt);
  const codec = TABLE.get(name);
  if (codec === undefined || ctx.rawAttributes?.has(name)) return { name: 'Unknown', nameIndex, attributeName: name, data: r.bytes(length) };
  const end = start + length;
  const saved = r.pushLimit(end, name);
  if (ctx.lenientAnnotations && ANNOTATIONS.has(name)) {
    const { depth, annotationDepth } = ctx;
    try {
      return decodeBody(ctx, codec, nameIndex, name, length, lengthAt, saved);
    } catch (e) {
      if (!(e instanceof ClassFormatError)) throw e;
      // Malformed: keep the bytes as they are (HotSpot, too, loads such classes).
      ctx.depth = depth;
      ctx.annotationDepth = annotationDepth;
      r.pos = start;
      r.popLimit(saved);
      return { name: 'Unknown', nameIndex, attributeName: name, data: r.bytes(length) };
    }
  }
  return decodeBody(ctx, codec, nameIndex, name, length, lengthAt, saved);
}

/** Decodes a known attribute's body, which the reader's limit has been narrowed to, exactly. */
function decodeBody(
  ctx: ReadContext,
  codec: Codec<KnownName>,
  nameIndex: number,
  name: string,
  length: number,
  lengthAt: number,
  saved: LimitToken,
): Attribute {
  const { r } = ctx;
  const end = r.limit;
  const a = codec.read(ctx, nameIndex, length);
  if (r.pos !== end)
    r.fail(`the ${name} attribute's body to end at offset ${end} (attribute_length ${length} at offset ${lengthAt})`, `${end - r.pos} unread bytes`);
  r.popLimit(saved);
  return a;
}

function checkName(pool: readonly (CpEntry | undefined)[], a: Attribute): void {
  const expected = a.name === 'Unknown' ? a.attributeName : a.name;
  const e = pool[a.nameIndex];
  if (e === undefined || e.tag !== Tag.Utf8 || e.value !== expected)
    throw new CodeModelError(
      `attribute ${expected}: nameIndex ${a.nameIndex} is not a Utf8 "${expected}" (found ${e === undefined ? 'no entry' : e.tag === Tag.Utf8 ? JSON.stringify(e.value) : `tag ${e.tag}`})`,
    );
}

/** Encodes a u2 attribute count and the attributes, computing each attribute_length. */
export function writeAttributes(ctx: WriteContext, list: readonly Attribute[]): void {
  const { w } = ctx;
  w.u2(list.length);
  for (const a of list) {
    checkName(ctx.pool, a);
    w.u2(a.nameIndex);
    const at = w.reserveU4();
    if (a.name === 'Unknown') w.bytes(a.data);
    else {
      const codec = TABLE.get(a.name);
      if (codec === undefined) throw new CodeModelError(`unknown attribute kind ${JSON.stringify(a.name)}`);
      codec.write(ctx, a);
    }
    w.patchU4(at, w.pos - at - 4);
  }
}
