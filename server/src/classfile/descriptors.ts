// Field and method descriptors (JVMS 4.3): parsing, validation and slot counting.
//
//   FieldType   B C D F I J S Z | L ClassName ; | [ FieldType   (at most 255 dimensions)
//   Method      ( FieldType* ) ( FieldType | V )
//
// Class names in L...; are binary names in internal form: non-empty segments separated by '/',
// none containing '.', ';', '[' or '/'.

import { CodeModelError } from './errors';

/** A malformed descriptor; `position` is the index in `descriptor` where parsing failed. */
export class DescriptorError extends CodeModelError {
  constructor(
    readonly descriptor: string,
    readonly position: number,
    readonly expected: string,
  ) {
    const found = position < descriptor.length ? `'${descriptor[position]}'` : 'the end';
    super(`bad descriptor ${JSON.stringify(descriptor)}: expected ${expected} at position ${position}, found ${found}`);
  }
}

export const MAX_ARRAY_DIMENSIONS = 255;

/**
 * The end index of the field type starting at `pos` in `desc`, or -1 - (index of the error) if
 * there is none. (Non-throwing core shared by the parsing and validating functions.)
 */
function scanFieldType(desc: string, pos: number): number {
  let p = pos;
  while (desc.charCodeAt(p) === 0x5b /* [ */) p++;
  if (p - pos > MAX_ARRAY_DIMENSIONS) return -1 - pos;
  switch (desc.charCodeAt(p)) {
    case 0x42: // B
    case 0x43: // C
    case 0x44: // D
    case 0x46: // F
    case 0x49: // I
    case 0x4a: // J
    case 0x53: // S
    case 0x5a: // Z
      return p + 1;
    case 0x4c: {
      // L ClassName ;
      const start = p + 1;
      let q = start;
      let segmentStart = start;
      for (; q < desc.length; q++) {
        const c = desc.charCodeAt(q);
        if (c === 0x3b /* ; */) break;
        if (c === 0x2f /* / */) {
          if (q === segmentStart) return -1 - q;
          segmentStart = q + 1;
        } else if (c === 0x2e /* . */ || c === 0x5b /* [ */) return -1 - q;
      }
      if (q >= desc.length || q === segmentStart) return -1 - q;
      return q + 1;
    }
    default:
      return -1 - p;
  }
}

function fail(desc: string, scan: number, expected: string): never {
  throw new DescriptorError(desc, -1 - scan, expected);
}

const FIELD_TYPE = 'a field type (B C D F I J S Z, L<class name>; or [ followed by at most 255 dimensions)';

/** True if `desc` is exactly one valid field descriptor. */
export function isFieldDescriptor(desc: string): boolean {
  return scanFieldType(desc, 0) === desc.length;
}

/** Throws a DescriptorError unless `desc` is a valid field descriptor. */
export function checkFieldDescriptor(desc: string): void {
  const end = scanFieldType(desc, 0);
  if (end < 0) fail(desc, end, FIELD_TYPE);
  if (end !== desc.length) throw new DescriptorError(desc, end, 'the end of the field descriptor');
}

export interface MethodDescriptor {
  /** Parameter field descriptors, in order. */
  params: string[];
  /** Return field descriptor, or 'V'. */
  ret: string;
}

/** One field type, as scanFieldType accepts it (for the regular expressions below). */
const FIELD_TYPE_RE = String.raw`\[{0,255}(?:[BCDFIJSZ]|L(?:[^;/.\[]+/)*[^;/.\[]+;)`;
/** A whole valid method descriptor: its parameters (group 1) and return type (group 2). */
const METHOD_RE = new RegExp(`^\\(((?:${FIELD_TYPE_RE})*)\\)(V|${FIELD_TYPE_RE})$`);
/** One parameter of a parameter list METHOD_RE accepted. */
const PARAM_RE = /\[*(?:[BCDFIJSZ]|L[^;]*;)/g;
/** Longer descriptors take the scanner only (a bound on the expressions' work). */
const FAST_MAX = 2048;

/**
 * Parses a method descriptor, throwing a DescriptorError if it is malformed. A valid one is
 * parsed by regular expressions, which V8 runs as machine code even where the engine's own
 * JavaScript is not optimised yet (v8-tiering.ts): a restored boot parses its 4,600 distinct
 * descriptors (snapshot/graph.ts restoreParams) and a class load each of its methods', and the
 * scanner below, a loop per character, took 3-4 µs per descriptor there (docs/BENCHMARKS.md
 * part B, hw18c). Anything the expression does not accept goes to the scanner, which accepts
 * exactly the same descriptors and says where one is malformed.
 */
export function parseMethodDescriptor(desc: string): MethodDescriptor {
  // The commonest (and each restored method's blank, snapshot/positional.ts), without the expression.
  if (desc === '()V') return { params: [], ret: 'V' };
  if (desc.length <= FAST_MAX) {
    const m = METHOD_RE.exec(desc);
    if (m !== null) {
      const ps = m[1];
      return { params: ps === '' ? [] : (ps.match(PARAM_RE) as string[]), ret: m[2] };
    }
  }
  return scanMethodDescriptor(desc);
}

/** parseMethodDescriptor's scanner: the validation, the position of the first error (exported for the test that holds the two paths equal). */
export function scanMethodDescriptor(desc: string): MethodDescriptor {
  if (desc.charCodeAt(0) !== 0x28 /* ( */) throw new DescriptorError(desc, 0, "'(' starting a method descriptor");
  const params: string[] = [];
  let p = 1;
  while (desc.charCodeAt(p) !== 0x29 /* ) */) {
    const end = scanFieldType(desc, p);
    if (end < 0) fail(desc, end, p < desc.length ? FIELD_TYPE : "')' or a parameter type");
    params.push(desc.slice(p, end));
    p = end;
  }
  p++;
  let end: number;
  if (desc.charCodeAt(p) === 0x56 /* V */) end = p + 1;
  else {
    end = scanFieldType(desc, p);
    if (end < 0) fail(desc, end, 'a return type (V or a field type)');
  }
  if (end !== desc.length) throw new DescriptorError(desc, end, 'the end of the method descriptor');
  return { params, ret: desc.slice(p) };
}

/** True if `desc` is a valid method descriptor. */
export function isMethodDescriptor(desc: string): boolean {
  try {
    parseMethodDescriptor(desc);
    return true;
  } catch (e) {
    if (e instanceof DescriptorError) return false;
    throw e;
  }
}

/** Local-variable/stack slots a value of field type `desc` takes: 2 for J and D, 0 for V, else 1. */
export function typeSlots(desc: string): 0 | 1 | 2 {
  const c = desc.charCodeAt(0);
  return c === 0x4a || c === 0x44 ? 2 : c === 0x56 ? 0 : 1;
}

/**
 * Slots taken by the parameters of method descriptor `desc` (long and double count 2; `this` is
 * not counted). Throws a DescriptorError if the descriptor is malformed.
 */
export function argSlots(desc: string): number {
  if (desc.charCodeAt(0) !== 0x28) throw new DescriptorError(desc, 0, "'(' starting a method descriptor");
  let slots = 0;
  let p = 1;
  while (desc.charCodeAt(p) !== 0x29) {
    const end = scanFieldType(desc, p);
    if (end < 0) fail(desc, end, p < desc.length ? FIELD_TYPE : "')' or a parameter type");
    const c = desc.charCodeAt(p);
    slots += end === p + 1 && (c === 0x4a || c === 0x44) ? 2 : 1;
    p = end;
  }
  p++;
  const end = desc.charCodeAt(p) === 0x56 /* V */ ? p + 1 : scanFieldType(desc, p);
  if (end < 0) fail(desc, end, 'a return type (V or a field type)');
  if (end !== desc.length) throw new DescriptorError(desc, end, 'the end of the method descriptor');
  return slots;
}

/** The return descriptor ('V' or a field type) of method descriptor `desc`. */
export function returnDescriptor(desc: string): string {
  return parseMethodDescriptor(desc).ret;
}

/** Builds a method descriptor from parameter and return descriptors. */
export function methodDescriptor(params: readonly string[], ret: string): string {
  return `(${params.join('')})${ret}`;
}
