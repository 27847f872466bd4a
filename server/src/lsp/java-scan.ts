// A small, tolerant scanner of Java source structure: the package, the classes (with their
// binary names, as javac names them: `Outer$Inner`, anonymous `Outer$1`, local `Outer$1Local`)
// and their method and constructor declarations with erased parameter types, so that profile
// methods (class, name, descriptor) can be found in the editor. Not a parser: it follows
// braces, parentheses and a few keywords, and gives up quietly on what it does not understand.

import { tokenize, type Token } from './java-tokens';

export interface JavaMethodDecl {
  /** Binary class name, e.g. `pkg.Outer$Inner`. */
  className: string;
  /** As in the class file: `<init>` for constructors, `<clinit>` for static initialisers. */
  name: string;
  /** Erased parameter types by simple name (`int`, `String`, `int[]`); `*` = a type variable. */
  params: string[];
  isStatic: boolean;
  /** 0-based position of the name (of `static` for `<clinit>`). */
  line: number;
  col: number;
  /** 0-based lines of the body's braces (both = line when there is no body). */
  bodyStart: number;
  bodyEnd: number;
  /** Simple names of the method's annotations (`Test`, `ParameterizedTest`); methods and constructors only. */
  annotations?: string[];
}

export interface JavaClassDecl {
  className: string;
  /** 0-based lines of the declaration's name and of its body's braces. */
  line: number;
  bodyStart: number;
  bodyEnd: number;
}

export interface JavaSource {
  packageName: string;
  classes: JavaClassDecl[];
  methods: JavaMethodDecl[];
}

const CLASS_WORDS = new Set(['class', 'interface', 'enum', 'record']);
const NOT_METHOD = new Set(['if', 'for', 'while', 'switch', 'catch', 'synchronized', 'return', 'new', 'throw', 'else', 'try', 'do', 'assert', 'case', 'this', 'super']);
const PRIMITIVES = new Set(['int', 'long', 'short', 'byte', 'char', 'boolean', 'float', 'double']);

interface ClassCtx {
  binary: string;
  simple: string;
  typeVars: Set<string>;
  anon: number;
  locals: Map<string, number>;
  kind: string;
  /** Record components, for the compact canonical constructor. */
  components?: string[];
}

class Scanner {
  readonly classes: JavaClassDecl[] = [];
  readonly methods: JavaMethodDecl[] = [];
  packageName = '';

  constructor(private readonly t: Token[]) {}

  private is(i: number, text: string): boolean {
    return this.t[i]?.text === text && this.t[i]?.kind === 'punct';
  }

  private word(i: number, text: string): boolean {
    return this.t[i]?.kind === 'ident' && this.t[i]?.text === text;
  }

  /** Index just past the bracket that matches the one at i ('(' '[' '{' '<'). */
  private skipBalanced(i: number): number {
    const open = this.t[i]!.text;
    const close = open === '(' ? ')' : open === '[' ? ']' : open === '{' ? '}' : '>';
    let depth = 0;
    for (let k = i; k < this.t.length; k++) {
      const x = this.t[k]!;
      if (x.kind !== 'punct') continue;
      if (x.text === open) depth++;
      else if (x.text === close && --depth === 0) return k + 1;
      // A stray ';' or '{' ends a type-argument list that was really a less-than.
      else if (open === '<' && (x.text === ';' || x.text === '{' || x.text === '(' || x.text === ')')) return k;
    }
    return this.t.length;
  }

  /** Skips an annotation at i ('@' name ('.' name)* ['(' ... ')']); returns the next index. */
  private skipAnnotation(i: number): number {
    let k = i + 1;
    if (this.t[k]?.kind === 'ident') k++;
    while (this.is(k, '.') && this.t[k + 1]?.kind === 'ident') k += 2;
    if (this.is(k, '(')) k = this.skipBalanced(k);
    return k;
  }

  scanFile(): void {
    let i = 0;
    const top: ClassCtx = { binary: '', simple: '', typeVars: new Set(), anon: 0, locals: new Map(), kind: 'file' };
    while (i < this.t.length) {
      if (this.word(i, 'package')) {
        const parts: string[] = [];
        let k = i + 1;
        while (k < this.t.length && !this.is(k, ';')) {
          if (this.t[k]!.kind === 'ident') parts.push(this.t[k]!.text);
          k++;
        }
        this.packageName = parts.join('.');
        i = k + 1;
        continue;
      }
      if (this.word(i, 'import')) {
        while (i < this.t.length && !this.is(i, ';')) i++;
        i++;
        continue;
      }
      const next = this.tryClass(i, top, 'member');
      if (next !== undefined) {
        i = next;
        continue;
      }
      i++;
    }
  }

  /** A class declaration starting at i (after modifiers): scans it and returns the index after its body. */
  private tryClass(i: number, outer: ClassCtx, where: 'member' | 'local'): number | undefined {
    let k = i;
    let kind: string | undefined;
    if (this.is(k, '@') && this.word(k + 1, 'interface')) {
      kind = 'interface';
      k++;
    } else if (this.t[k]?.kind === 'ident' && CLASS_WORDS.has(this.t[k]!.text) && !this.is(k - 1, '.')) {
      kind = this.t[k]!.text;
      if (kind === 'record' && !(this.t[k + 1]?.kind === 'ident' && (this.is(k + 2, '(') || this.is(k + 2, '<')))) return undefined;
      if (kind === 'enum' && this.t[k + 1]?.kind !== 'ident') return undefined;
    }
    if (!kind) return undefined;
    const nameTok = this.t[k + 1];
    if (!nameTok || nameTok.kind !== 'ident') return undefined;
    const simple = nameTok.text;
    let binary: string;
    if (outer.kind === 'file') binary = this.packageName ? `${this.packageName}.${simple}` : simple;
    else if (where === 'member') binary = `${outer.binary}$${simple}`;
    else {
      const n = (outer.locals.get(simple) ?? 0) + 1;
      outer.locals.set(simple, n);
      binary = `${outer.binary}$${n}${simple}`;
    }
    const ctx: ClassCtx = { binary, simple, typeVars: new Set(outer.kind === 'file' ? [] : outer.typeVars), anon: 0, locals: new Map(), kind };
    k += 2;
    if (this.is(k, '<')) {
      const end = this.skipBalanced(k);
      this.typeParams(k, end, ctx.typeVars);
      k = end;
    }
    if (kind === 'record' && this.is(k, '(')) {
      const end = this.skipBalanced(k);
      ctx.components = this.params(k + 1, end - 1, ctx.typeVars);
      k = end;
    }
    while (k < this.t.length && !this.is(k, '{') && !this.is(k, ';')) k++;
    if (!this.is(k, '{')) return k + 1;
    const decl: JavaClassDecl = { className: binary, line: nameTok.line, bodyStart: this.t[k]!.line, bodyEnd: this.t[k]!.line };
    this.classes.push(decl);
    const end = this.classBody(k, ctx);
    decl.bodyEnd = this.t[end - 1]?.line ?? decl.bodyStart;
    return end;
  }

  /** Type-parameter names declared in t[start..end) ('<' T extends X, U '>'). */
  private typeParams(start: number, end: number, into: Set<string>): void {
    let depth = 0;
    for (let k = start; k < end; k++) {
      const x = this.t[k]!;
      if (x.kind === 'punct' && x.text === '<') depth++;
      else if (x.kind === 'punct' && x.text === '>') depth--;
      else if (depth === 1 && x.kind === 'ident' && (this.is(k - 1, '<') || this.is(k - 1, ','))) into.add(x.text);
    }
  }

  /** The body of a class at '{' (index open); returns the index after its '}'. */
  private classBody(open: number, ctx: ClassCtx): number {
    let i = open + 1;
    if (ctx.kind === 'enum') i = this.enumConstants(i, ctx);
    while (i < this.t.length) {
      if (this.is(i, '}')) return i + 1;
      if (this.is(i, ';')) {
        i++;
        continue;
      }
      i = this.member(i, ctx);
    }
    return i;
  }

  /** Enum constants up to the ';' or '}' that ends them; constants with bodies are anonymous classes. */
  private enumConstants(i: number, ctx: ClassCtx): number {
    while (i < this.t.length && !this.is(i, ';') && !this.is(i, '}')) {
      if (this.is(i, '@')) i = this.skipAnnotation(i);
      else if (this.is(i, '(')) i = this.skipBalancedScanning(i, ctx);
      else if (this.is(i, '{')) i = this.anonymous(i, ctx);
      else i++;
    }
    return this.is(i, ';') ? i + 1 : i;
  }

  private anonymous(open: number, outer: ClassCtx): number {
    outer.anon++;
    const binary = `${outer.binary}$${outer.anon}`;
    const ctx: ClassCtx = { binary, simple: '', typeVars: new Set(outer.typeVars), anon: 0, locals: new Map(), kind: 'class' };
    const decl: JavaClassDecl = { className: binary, line: this.t[open]!.line, bodyStart: this.t[open]!.line, bodyEnd: this.t[open]!.line };
    this.classes.push(decl);
    const end = this.classBody(open, ctx);
    decl.bodyEnd = this.t[end - 1]?.line ?? decl.bodyStart;
    return end;
  }

  /** One member declaration starting at i; returns the index after it. */
  private member(i: number, ctx: ClassCtx): number {
    const start = i;
    let isStatic = false;
    const typeVars = new Set(ctx.typeVars);
    const annotations: string[] = [];
    // Modifiers, annotations, type parameters.
    while (i < this.t.length) {
      if (this.is(i, '@') && !this.word(i + 1, 'interface')) {
        const next = this.skipAnnotation(i);
        let last = '';
        for (let k = i + 1; k < next && !this.is(k, '('); k++) if (this.t[k]!.kind === 'ident') last = this.t[k]!.text;
        if (last) annotations.push(last);
        i = next;
        continue;
      }
      if (this.is(i, '<')) {
        const end = this.skipBalanced(i);
        this.typeParams(i, end, typeVars);
        i = end;
        continue;
      }
      const w = this.t[i];
      if (w?.kind === 'ident' && /^(public|protected|private|static|final|abstract|native|synchronized|transient|volatile|strictfp|default|sealed|non-sealed)$/.test(w.text)) {
        if (w.text === 'static') isStatic = true;
        // `static {` : a static initialiser.
        if (w.text === 'static' && this.is(i + 1, '{')) {
          const open = i + 1;
          const end = this.block(open, ctx);
          this.methods.push({ className: ctx.binary, name: '<clinit>', params: [], isStatic: true, line: w.line, col: w.col, bodyStart: this.t[open]!.line, bodyEnd: this.t[end - 1]?.line ?? w.line });
          return end;
        }
        i++;
        continue;
      }
      break;
    }
    const cls = this.tryClass(i, ctx, 'member');
    if (cls !== undefined) return cls;
    if (this.is(i, '{')) return this.block(i, ctx); // instance initialiser
    // Record compact constructor: Name {
    if (ctx.components && this.word(i, ctx.simple) && this.is(i + 1, '{')) {
      const end = this.block(i + 1, ctx);
      const nt = this.t[i]!;
      this.methods.push({ className: ctx.binary, name: '<init>', params: ctx.components, isStatic: false, line: nt.line, col: nt.col, bodyStart: this.t[i + 1]!.line, bodyEnd: this.t[end - 1]?.line ?? nt.line });
      return end;
    }
    // Type and name, up to '(' (method), '=' or ';' (field).
    let k = i;
    while (k < this.t.length) {
      const x = this.t[k]!;
      if (x.kind === 'punct') {
        if (x.text === '<') {
          k = this.skipBalanced(k);
          continue;
        }
        if (x.text === '(' || x.text === '=' || x.text === ';' || x.text === '{' || x.text === '}') break;
      }
      k++;
    }
    if (this.is(k, '(') && this.t[k - 1]?.kind === 'ident' && !NOT_METHOD.has(this.t[k - 1]!.text) && k - 1 >= start) {
      const nameTok = this.t[k - 1]!;
      const close = this.skipBalanced(k);
      const params = this.params(k + 1, close - 1, typeVars);
      const isCtor = nameTok.text === ctx.simple && k - 1 === i;
      let j = close;
      while (j < this.t.length && !this.is(j, '{') && !this.is(j, ';') && !this.is(j, '}')) j++;
      const decl: JavaMethodDecl = {
        className: ctx.binary,
        name: isCtor ? '<init>' : nameTok.text,
        params,
        isStatic,
        line: nameTok.line,
        col: nameTok.col,
        bodyStart: this.t[j]?.line ?? nameTok.line,
        bodyEnd: this.t[j]?.line ?? nameTok.line,
        ...(annotations.length > 0 ? { annotations } : {}),
      };
      this.methods.push(decl);
      if (this.is(j, '{')) {
        const end = this.block(j, ctx);
        decl.bodyEnd = this.t[end - 1]?.line ?? decl.bodyStart;
        return end;
      }
      return this.is(j, ';') ? j + 1 : j;
    }
    // A field: skip its initialiser (which may hold anonymous classes) to the ';'.
    while (k < this.t.length && !this.is(k, ';') && !this.is(k, '}')) {
      if (this.is(k, '{')) k = this.block(k, ctx);
      else if (this.is(k, '(')) k = this.skipBalancedScanning(k, ctx);
      else if (this.word(k, 'new')) k = this.newExpr(k, ctx);
      else k++;
    }
    return this.is(k, ';') ? k + 1 : Math.max(k, start + 1);
  }

  /** A code block at '{': finds anonymous and local classes inside; returns the index after '}'. */
  private block(open: number, ctx: ClassCtx): number {
    let i = open + 1;
    while (i < this.t.length) {
      if (this.is(i, '}')) return i + 1;
      if (this.is(i, '{')) {
        i = this.block(i, ctx);
        continue;
      }
      if (this.is(i, '(')) {
        i = this.skipBalancedScanning(i, ctx);
        continue;
      }
      if (this.word(i, 'new')) {
        i = this.newExpr(i, ctx);
        continue;
      }
      const local = this.t[i]?.kind === 'ident' && CLASS_WORDS.has(this.t[i]!.text) && !this.is(i - 1, '.') ? this.tryClass(i, ctx, 'local') : undefined;
      if (local !== undefined) {
        i = local;
        continue;
      }
      i++;
    }
    return i;
  }

  /** Parentheses at i, scanned for anonymous classes inside (arguments, lambdas with bodies). */
  private skipBalancedScanning(open: number, ctx: ClassCtx): number {
    let i = open + 1;
    while (i < this.t.length) {
      if (this.is(i, ')')) return i + 1;
      if (this.is(i, '(')) i = this.skipBalancedScanning(i, ctx);
      else if (this.is(i, '{')) i = this.block(i, ctx);
      else if (this.word(i, 'new')) i = this.newExpr(i, ctx);
      else if (this.is(i, ';') || this.is(i, '}')) return i; // unbalanced: give up here
      else i++;
    }
    return i;
  }

  /** `new T(args) { body }` is an anonymous class; other `new` expressions are skipped. */
  private newExpr(i: number, ctx: ClassCtx): number {
    let k = i + 1;
    while (k < this.t.length) {
      if (this.is(k, '<')) k = this.skipBalanced(k);
      else if (this.t[k]!.kind === 'ident' || this.is(k, '.') || this.is(k, '@')) k++;
      else break;
    }
    if (this.is(k, '(')) {
      const close = this.skipBalancedScanning(k, ctx);
      if (this.is(close, '{')) return this.anonymous(close, ctx);
      return close;
    }
    return k; // arrays: new int[3], new int[] {1, 2} (the block is scanned by the caller)
  }

  /** Erased simple parameter types of the list t[start..end). */
  private params(start: number, end: number, typeVars: Set<string>): string[] {
    const out: string[] = [];
    let cur: Token[] = [];
    let depth = 0;
    const flush = () => {
      const p = this.paramType(cur, typeVars);
      if (p !== undefined) out.push(p);
      cur = [];
    };
    for (let k = start; k < end; k++) {
      const x = this.t[k]!;
      if (x.kind === 'punct' && (x.text === '<' || x.text === '(')) depth++;
      if (x.kind === 'punct' && (x.text === '>' || x.text === ')')) depth--;
      if (depth === 0 && x.kind === 'punct' && x.text === ',') flush();
      else cur.push(x);
    }
    if (cur.length > 0) flush();
    return out;
  }

  private paramType(toks: Token[], typeVars: Set<string>): string | undefined {
    // Drop annotations and `final`.
    const clean: Token[] = [];
    for (let k = 0; k < toks.length; k++) {
      const x = toks[k]!;
      if (x.kind === 'punct' && x.text === '@') {
        k++;
        while (toks[k + 1]?.text === '.' && toks[k + 2]?.kind === 'ident') k += 2;
        if (toks[k + 1]?.text === '(') {
          let d = 0;
          for (k = k + 1; k < toks.length; k++) {
            if (toks[k]!.text === '(') d++;
            else if (toks[k]!.text === ')' && --d === 0) break;
          }
        }
        continue;
      }
      if (x.kind === 'ident' && x.text === 'final') continue;
      clean.push(x);
    }
    let nameIdx = -1;
    for (let k = clean.length - 1; k >= 0; k--) {
      if (clean[k]!.kind === 'ident') {
        nameIdx = k;
        break;
      }
    }
    if (nameIdx <= 0) return undefined;
    if (clean[nameIdx]!.text === 'this') return undefined; // receiver parameter
    let dims = 0;
    let depth = 0;
    let simple = '';
    for (let k = 0; k < clean.length; k++) {
      const x = clean[k]!;
      if (x.text === '<') depth++;
      else if (x.text === '>') depth--;
      else if (depth > 0) continue;
      else if (x.text === '[') dims++;
      else if (x.text === '...') dims++;
      else if (x.kind === 'ident' && k < nameIdx) simple = x.text;
    }
    if (!simple) return undefined;
    const base = typeVars.has(simple) ? '*' : simple;
    return base + '[]'.repeat(dims);
  }
}

/** Scans Java source text. Never throws. */
export function scanJava(text: string): JavaSource {
  const s = new Scanner(tokenize(text));
  try {
    s.scanFile();
  } catch {
    // Tolerant: keep what was found.
  }
  return { packageName: s.packageName, classes: s.classes, methods: s.methods };
}

/** Simple erased parameter types of a JVM descriptor: `(I[Ljava/lang/String;La/B$C;)V` → int, String[], C. */
export function descriptorParams(descriptor: string): string[] {
  const out: string[] = [];
  const close = descriptor.indexOf(')');
  let i = 1;
  while (i < close) {
    let dims = 0;
    while (descriptor[i] === '[') {
      dims++;
      i++;
    }
    let name: string;
    if (descriptor[i] === 'L') {
      const end = descriptor.indexOf(';', i);
      const full = descriptor.slice(i + 1, end < 0 ? close : end);
      name = full.slice(Math.max(full.lastIndexOf('/'), full.lastIndexOf('$')) + 1);
      i = end < 0 ? close : end + 1;
    } else {
      name = PRIMITIVE_CODES[descriptor[i] ?? ''] ?? '?';
      i++;
    }
    out.push(name + '[]'.repeat(dims));
  }
  return out;
}

const PRIMITIVE_CODES: Record<string, string> = { B: 'byte', C: 'char', D: 'double', F: 'float', I: 'int', J: 'long', S: 'short', Z: 'boolean' };

function paramMatches(decl: string, desc: string): boolean {
  if (decl === desc) return true;
  if (!decl.startsWith('*')) return false;
  const dims = (decl.length - 1) / 2;
  const base = desc.replace(/(\[\])+$/, '');
  const descDims = (desc.length - base.length) / 2;
  return !PRIMITIVES.has(base) ? descDims >= dims : descDims > dims;
}

function paramsMatch(decl: string[], desc: string[]): boolean {
  return decl.length === desc.length && decl.every((p, i) => paramMatches(p, desc[i]!));
}

/**
 * The declaration of a profile method (binary class name, name, descriptor) among a file's
 * declarations: by exact erased parameter types; for constructors also with the leading
 * synthetic parameters (outer instance, enum name and ordinal) dropped; else by name and
 * arity; else by name when there is only one. Undefined when nothing fits.
 */
export function findDeclaration(methods: readonly JavaMethodDecl[], className: string, name: string, descriptor: string): JavaMethodDecl | undefined {
  const cands = methods.filter((m) => m.className === className && m.name === name);
  if (cands.length === 0) return undefined;
  const desc = descriptorParams(descriptor);
  const exact = cands.find((m) => paramsMatch(m.params, desc));
  if (exact) return exact;
  if (name === '<init>') {
    const tail = cands.find((m) => m.params.length < desc.length && paramsMatch(m.params, desc.slice(desc.length - m.params.length)));
    if (tail) return tail;
  }
  const arity = cands.filter((m) => m.params.length === desc.length);
  if (arity.length === 1) return arity[0];
  return cands.length === 1 ? cands[0] : undefined;
}

/** Binary names of the classes in the source that declare `public static void main(String[])`. */
export function mainClasses(src: JavaSource): string[] {
  const out: string[] = [];
  for (const m of src.methods) {
    if (m.name === 'main' && m.isStatic && m.params.length === 1 && m.params[0] === 'String[]' && !out.includes(m.className)) out.push(m.className);
  }
  return out;
}

/** The innermost class whose body contains the 0-based line, or undefined. */
export function classAtLine(src: JavaSource, line: number): JavaClassDecl | undefined {
  let best: JavaClassDecl | undefined;
  for (const c of src.classes) {
    if (line >= c.line && line <= c.bodyEnd && (!best || c.bodyStart >= best.bodyStart)) best = c;
  }
  return best;
}

/** The method whose declaration or body contains the 0-based line (innermost), or undefined. */
export function methodAtLine(src: JavaSource, line: number): JavaMethodDecl | undefined {
  let best: JavaMethodDecl | undefined;
  for (const m of src.methods) {
    if (line >= m.line && line <= m.bodyEnd && (!best || m.line >= best.line)) best = m;
  }
  return best;
}
