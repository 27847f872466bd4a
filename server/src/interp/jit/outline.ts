// The direct sampling call's rare path out of line (docs/BENCHMARKS.md part B, prof39).
//
// A compiled method without loops (by default; KOMORIUM_JIT_SAMPLE_DIRECT=2: any) calls the
// sampler itself (jit/inline.ts, E.smp) in the `if` region of the granularity check's slow
// path: the block that prepares the sampler's arguments, the call, the counter's store. V8 gives each arithmetic operation,
// property access and call its own type feedback, and TurboFan compiles one that never ran as
// a deoptimisation: a method optimised before its first sample threw its optimised code away
// at that sample and was compiled again (pf18c, pr37: strings' many small JDK methods).
// Here such a region becomes a module-level function (`OL<i>`, the `Symbol.toPrimitive` of an
// object) with locals of the compiled function's names, which reads their values from the
// module's variables (`Z<name>`) and hands those it wrote back in a `finally`. What the
// compiled function keeps of it needs no feedback: stores and loads of context slots and
// locals, a template literal's string conversion (the call), a boolean test (the exit).

/** `KOMORIUM_JIT_SAMPLE_OUTLINE=0`: the region stays inline (as before prof39). */
const OUTLINE = process.env.KOMORIUM_JIT_SAMPLE_OUTLINE !== '0';

/** The compiled function's constants (parameters and `const`s) a region may read. */
const CONSTS = new Set(['t', 'f', 'budget', 'n', 'r', 'lp', 'sb', 'my', 'W']);
/** The compiled function's `let`s a region may read and write (locals, stack, pc, count, exit state). */
const MUTABLE = /^(?:[nrNR]\d+|pc|c|P|Q|xd|xp|xu|xs|xq)$/;
/** The instructions' temporaries: declared again in the outlined function (none lives beyond its instruction). */
/** Names that hold references (Java objects, the thread, its frame and arrays). */
const REFS = /^(?:[rR]\d+|t|f|n|r)$/;
const TEMPS = new Set(['o', 'x', 'y', 'd']);
/** Names of the module (compile.ts's factory parameters, generate's module-level declarations) and JS words. */
const OTHER = new Set(['E', 'K', 'L', 'S', 'vm', 'fr', 'ED', 'M', 'Math', 'if', 'else', 'throw', 'typeof', 'null', 'true', 'false', 'undefined', 'void', 'instanceof', 'break']);
const MODULE = /^[CV]\d+$/;
/** Anything that would change meaning inside another function. */
const FORBIDDEN = /\b(?:continue|return|case|default|let|const|var|function|for|while|do|switch|lim|this|arguments|new)\b|\bbreak (?!X;)/;
const OPEN = /^if \(!\(.*\)\) \{$/;
const CLOSE = /^\} \/\/ if \d+$/;

export interface Outlined {
  body: string[];
  /** Module-level declarations: the variables the regions' values go through, the outlined functions. */
  decls: string[];
}

/** The compiled method's body lines with each `if` region that makes a direct sampling call (E.smp) out of line. */
export function outlineSamplingRegions(body: readonly string[]): Outlined {
  const lines = body.join('\n').split('\n');
  if (!OUTLINE || !lines.some((l) => l.includes('E.smp('))) return { body: [...body], decls: [] };
  const vars = new Set<string>(['ZB = 0']);
  const fns: string[] = [];
  const stack: string[][] = [[]];
  for (const line of lines) {
    if (OPEN.test(line)) {
      stack.push([line]);
      continue;
    }
    if (CLOSE.test(line) && stack.length > 1) {
      const buf = stack.pop() as string[];
      const inner = buf.slice(1);
      const out = outline(inner, vars, fns);
      stack[stack.length - 1].push(buf[0], ...(out ?? inner), line);
      continue;
    }
    stack[stack.length - 1].push(line);
  }
  if (stack.length !== 1 || fns.length === 0) return { body: [...body], decls: [] }; // unbalanced, or nothing outlined: as it was
  return { body: stack[0], decls: [`var ${[...vars].join(', ')};`, ...fns] };
}

/**
 * The region `inner` as a module-level object `OL<i>` whose `Symbol.toPrimitive` runs it, and
 * what replaces it in the compiled function: the values it reads stored in `Z<name>`, the call
 * as a template literal's string conversion, the values it wrote taken back, its exit taken.
 * The string conversion is the call because Ignition's `ToString` has no type feedback: every
 * JS call bytecode has, and TurboFan compiles a call that never ran (the rare path, in a method
 * optimised before its first sample) as a deoptimisation (JSTypeHintLowering), whatever it
 * knows of the callee. Null when the region has anything that would change meaning there.
 */
function outline(inner: string[], vars: Set<string>, fns: string[]): string[] | null {
  const text = inner.join('\n');
  if (!text.includes('E.smp(') || FORBIDDEN.test(text)) return null;
  // Property names after `.` and string literals (`o["instrCounter"]`) are no variables.
  const bare = text.replace(/"(?:[^"\\\n]|\\.)*"/g, '""').replace(/'(?:[^'\\\n]|\\.)*'/g, "''").replace(/break X;/g, '');
  if (bare.includes('`')) return null;
  const consts: string[] = [];
  const mutable: string[] = [];
  for (const id of new Set(bare.match(/(?<![.\w$])[A-Za-z_$][\w$]*/g) ?? [])) {
    if (CONSTS.has(id)) consts.push(id);
    else if (MUTABLE.test(id)) mutable.push(id);
    else if (!TEMPS.has(id) && !OTHER.has(id) && !MODULE.test(id)) return null;
  }
  const all = [...consts, ...mutable];
  for (const v of all) vars.add(`Z${v}`);
  const name = `OL${fns.length}`;
  const back = mutable.map((v) => `Z${v} = ${v};`).join(' ');
  // References are not kept in the module's variables after the region (a Java object would
  // stay reachable: weak references, finalization).
  const refs = (v: string): boolean => REFS.test(v);
  const drop = consts.filter(refs).map((v) => `Z${v} = null;`).join(' ');
  fns.push(
    `var ${name} = { [Symbol.toPrimitive]() {\n${all.length > 0 ? `let ${all.map((v) => `${v} = Z${v}`).join(', ')};` : ''} ${drop} let o, x, y, d;\ntry {\n` +
      `${text.replace(/break X;/g, "ZB = 1; return '';")}\n} finally { ${back} }\nreturn '';\n} };`,
  );
  return [
    `${all.map((v) => `Z${v} = ${v};`).join(' ')}`,
    `try { \`\${${name}}\`; } finally { ${mutable.map((v) => `${v} = Z${v};${refs(v) ? ` Z${v} = null;` : ''}`).join(' ')} }`,
    `if (ZB) { ZB = 0; break X; }`,
  ];
}
