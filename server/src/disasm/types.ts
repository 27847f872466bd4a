// Descriptors and generic signatures rendered as Java source types, the way javap writes member
// headers: `(ILjava/lang/String;)V` -> params `int, java.lang.String`, and
// `<T:Ljava/lang/Object;>(TT;)Ljava/util/List<TT;>;` -> `<T extends java.lang.Object> java.util.List<T> (T)`.
// Parsers return undefined on malformed input; callers fall back to the raw text.

import { dotted } from './text';

const PRIMITIVES: Readonly<Record<string, string>> = {
  B: 'byte',
  C: 'char',
  D: 'double',
  F: 'float',
  I: 'int',
  J: 'long',
  S: 'short',
  Z: 'boolean',
  V: 'void',
};

/** Recursive-descent cursor over a descriptor or signature string. */
class Cursor {
  pos = 0;
  constructor(readonly s: string) {}
  peek(): string | undefined {
    return this.s[this.pos];
  }
  next(): string | undefined {
    return this.s[this.pos++];
  }
  eat(ch: string): boolean {
    if (this.s[this.pos] !== ch) return false;
    this.pos++;
    return true;
  }
  get done(): boolean {
    return this.pos >= this.s.length;
  }
  /** Reads up to (not including) the first of `stops`; undefined if none follows. */
  until(stops: string): string | undefined {
    const start = this.pos;
    while (this.pos < this.s.length && !stops.includes(this.s[this.pos]!)) this.pos++;
    if (this.pos >= this.s.length) return undefined;
    return this.s.slice(start, this.pos);
  }
}

/** One field type of a descriptor at the cursor, or undefined if malformed. */
function descriptorType(c: Cursor, allowVoid: boolean): string | undefined {
  let dims = 0;
  while (c.eat('[')) dims++;
  const ch = c.next();
  let base: string | undefined;
  if (ch === 'L') {
    const name = c.until(';');
    if (name === undefined || name.length === 0) return undefined;
    c.next();
    base = dotted(name);
  } else if (ch !== undefined && PRIMITIVES[ch] && (ch !== 'V' || (allowVoid && dims === 0))) {
    base = PRIMITIVES[ch];
  }
  return base === undefined ? undefined : base + '[]'.repeat(dims);
}

/** `[[I` -> `int[][]`; `Ljava/lang/String;` -> `java.lang.String`. */
export function fieldTypeName(descriptor: string): string | undefined {
  const c = new Cursor(descriptor);
  const t = descriptorType(c, false);
  return t !== undefined && c.done ? t : undefined;
}

export interface MethodTypeNames {
  params: string[];
  ret: string;
}

/** `(IJ[Ljava/lang/String;)V` -> params [int, long, java.lang.String[]], ret void. */
export function methodTypeNames(descriptor: string): MethodTypeNames | undefined {
  const c = new Cursor(descriptor);
  if (!c.eat('(')) return undefined;
  const params: string[] = [];
  while (!c.eat(')')) {
    if (c.done) return undefined;
    const t = descriptorType(c, false);
    if (t === undefined) return undefined;
    params.push(t);
  }
  const ret = descriptorType(c, true);
  return ret !== undefined && c.done ? { params, ret } : undefined;
}

/** Number of parameters (not slots) of a method descriptor, or undefined if malformed. */
export function parameterCount(descriptor: string): number | undefined {
  return methodTypeNames(descriptor)?.params.length;
}

// ---- generic signatures (JVMS 4.7.9.1) -------------------------------------------------------

function typeArgs(c: Cursor): string | undefined {
  if (!c.eat('<')) return '';
  const args: string[] = [];
  while (!c.eat('>')) {
    if (c.done) return undefined;
    if (c.eat('*')) {
      args.push('?');
      continue;
    }
    const wildcard = c.eat('+') ? '? extends ' : c.eat('-') ? '? super ' : '';
    const t = refTypeSig(c);
    if (t === undefined) return undefined;
    args.push(wildcard + t);
  }
  return `<${args.join(', ')}>`;
}

/** ClassTypeSignature, TypeVariableSignature or ArrayTypeSignature. */
function refTypeSig(c: Cursor): string | undefined {
  const ch = c.peek();
  if (ch === 'L') {
    c.next();
    let out = '';
    for (;;) {
      const name = c.until('<;.');
      if (name === undefined || name.length === 0) return undefined;
      out += dotted(name);
      const args = typeArgs(c);
      if (args === undefined) return undefined;
      out += args;
      if (c.eat(';')) return out;
      if (!c.eat('.')) return undefined;
      out += '.';
    }
  }
  if (ch === 'T') {
    c.next();
    const name = c.until(';');
    if (name === undefined || name.length === 0) return undefined;
    c.next();
    return name;
  }
  if (ch === '[') {
    c.next();
    const t = javaTypeSig(c, false);
    return t === undefined ? undefined : t + '[]';
  }
  return undefined;
}

/** A JavaTypeSignature (reference or base type), or `void` where allowed. */
function javaTypeSig(c: Cursor, allowVoid: boolean): string | undefined {
  const ch = c.peek();
  if (ch !== undefined && PRIMITIVES[ch]) {
    if (ch === 'V' && !allowVoid) return undefined;
    c.next();
    return PRIMITIVES[ch];
  }
  return refTypeSig(c);
}

/** `<K:Ljava/lang/Object;V::Ljava/lang/Comparable<TV;>;>` -> `<K extends java.lang.Object, V extends java.lang.Comparable<V>>`. */
function typeParams(c: Cursor): string | undefined {
  if (!c.eat('<')) return '';
  const params: string[] = [];
  while (!c.eat('>')) {
    const name = c.until(':');
    if (name === undefined || name.length === 0) return undefined;
    const bounds: string[] = [];
    while (c.eat(':')) {
      const next = c.peek();
      if (next !== 'L' && next !== 'T' && next !== '[') continue; // empty class bound
      const b = refTypeSig(c);
      if (b === undefined) return undefined;
      bounds.push(b);
    }
    params.push(bounds.length ? `${name} extends ${bounds.join(' & ')}` : name);
  }
  return `<${params.join(', ')}>`;
}

export interface ClassSignatureText {
  /** `<K extends ..., V extends ...>` or ''. */
  typeParams: string;
  superclass: string;
  interfaces: string[];
}

export function classSignature(sig: string): ClassSignatureText | undefined {
  const c = new Cursor(sig);
  const tp = typeParams(c);
  if (tp === undefined) return undefined;
  const superclass = refTypeSig(c);
  if (superclass === undefined) return undefined;
  const interfaces: string[] = [];
  while (!c.done) {
    const i = refTypeSig(c);
    if (i === undefined) return undefined;
    interfaces.push(i);
  }
  return { typeParams: tp, superclass, interfaces };
}

export interface MethodSignatureText {
  typeParams: string;
  params: string[];
  ret: string;
  throws: string[];
}

export function methodSignature(sig: string): MethodSignatureText | undefined {
  const c = new Cursor(sig);
  const tp = typeParams(c);
  if (tp === undefined || !c.eat('(')) return undefined;
  const params: string[] = [];
  while (!c.eat(')')) {
    if (c.done) return undefined;
    const p = javaTypeSig(c, false);
    if (p === undefined) return undefined;
    params.push(p);
  }
  const ret = javaTypeSig(c, true);
  if (ret === undefined) return undefined;
  const throws: string[] = [];
  while (c.eat('^')) {
    const t = refTypeSig(c);
    if (t === undefined) return undefined;
    throws.push(t);
  }
  return c.done ? { typeParams: tp, params, ret, throws } : undefined;
}

/** A field signature (a reference type signature). */
export function fieldSignature(sig: string): string | undefined {
  const c = new Cursor(sig);
  const t = javaTypeSig(c, false);
  return t !== undefined && c.done ? t : undefined;
}
