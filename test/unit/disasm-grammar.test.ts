// The TextMate grammar for listings (syntaxes/komorium-bytecode.tmLanguage.json): its JSON
// shape, every regex (converted from Oniguruma where needed) compiling as a JS RegExp, and a
// small TextMate tokenizer (match / begin-end / captures / include) run over real listings,
// asserting the scopes of offsets, mnemonic families, constant references, comments with
// class and member references, descriptors, branch targets, section headers, flags, numbers
// and strings. (vscode-textmate is not installed here, so the tokenizer is the test's own.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readClass } from '../../server/src/classfile/reader';
import { OPCODE_NAMES, isWideable } from '../../server/src/classfile/code/opcodes';
import { ClassPath, findJavaHome } from '../../server/src/classpath/index';
import { disassemble } from '../../server/src/disasm/index';
import { javaHome, REPO } from '../helpers/java';

interface RawRule {
  include?: string;
  match?: string;
  begin?: string;
  end?: string;
  name?: string;
  captures?: Record<string, { name?: string }>;
  beginCaptures?: Record<string, { name?: string }>;
  endCaptures?: Record<string, { name?: string }>;
  patterns?: RawRule[];
}
interface RawGrammar {
  scopeName: string;
  name: string;
  patterns: RawRule[];
  repository: Record<string, RawRule>;
}

const GRAMMAR_PATH = join(REPO, 'syntaxes', 'komorium-bytecode.tmLanguage.json');
const SUFFIX = '.komorium-bytecode';

/**
 * Oniguruma -> JS RegExp source. Converts \h and \H; rejects constructs with no JS
 * equivalent (\G, \A, \z, \Z, atomic groups, possessive quantifiers, absent operator).
 */
export function onigurumaToJs(src: string): string {
  let out = '';
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      const d = src[i + 1];
      if (d === undefined) throw new Error(`trailing backslash in ${src}`);
      if ('GAzZ'.includes(d)) throw new Error(`\\${d} has no JS equivalent in ${src}`);
      if (d === 'h') out += '[0-9a-fA-F]';
      else if (d === 'H') out += '[^0-9a-fA-F]';
      else out += c + d;
      i++;
      continue;
    }
    if (src.startsWith('(?>', i) || src.startsWith('(?~', i)) throw new Error(`atomic/absent group in ${src}`);
    if ((c === '*' || c === '+' || c === '?' || c === '}') && src[i + 1] === '+' && src[i - 1] !== '\\')
      throw new Error(`possessive quantifier in ${src}`);
    out += c;
  }
  return out;
}

interface Rule {
  match?: RegExp;
  begin?: RegExp;
  end?: RegExp;
  name?: string;
  captures?: Record<string, { name?: string }>;
  beginCaptures?: Record<string, { name?: string }>;
  endCaptures?: Record<string, { name?: string }>;
  patterns: Rule[];
}

function compileGrammar(g: RawGrammar): Rule {
  const cache = new Map<RawRule, Rule>();
  // 'g' to scan for the next match; the winner is re-run with 'dy' for capture indices.
  const re = (s: string): RegExp => new RegExp(onigurumaToJs(s), 'g');
  const compile = (r: RawRule): Rule => {
    const hit = cache.get(r);
    if (hit) return hit;
    const out: Rule = { patterns: [] };
    cache.set(r, out);
    if (r.match !== undefined) out.match = re(r.match);
    if (r.begin !== undefined) out.begin = re(r.begin);
    if (r.end !== undefined) out.end = re(r.end);
    for (const k of ['name', 'captures', 'beginCaptures', 'endCaptures'] as const) if (r[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = r[k];
    out.patterns = (r.patterns ?? []).map((p) => {
      if (p.include === undefined) return compile(p);
      const target = g.repository[p.include.slice(1)];
      if (!p.include.startsWith('#') || !target) throw new Error(`unresolved include ${p.include}`);
      return compile(target);
    });
    return out;
  };
  return compile({ patterns: g.patterns });
}

/** The match / begin rules reachable from `patterns`, with repository-only groups expanded. */
function flatten(patterns: readonly Rule[], out: Rule[] = [], seen = new Set<Rule>()): Rule[] {
  for (const p of patterns) {
    if (p.match || p.begin) out.push(p);
    else if (!seen.has(p)) {
      seen.add(p);
      flatten(p.patterns, out, seen);
    }
  }
  return out;
}

type Scopes = string[];

/** Tokenizes `text` line by line; returns, per line, the scope list of every character. */
function tokenize(root: Rule, text: string): { line: string; scopes: Scopes[] }[] {
  const result: { line: string; scopes: Scopes[] }[] = [];
  const stack: { rule: Rule; scopes: Scopes }[] = [{ rule: root, scopes: ['source.komorium-bytecode'] }];
  for (const line of text.split('\n')) {
    const chars: Scopes[] = Array.from({ length: line.length }, () => []);
    const paint = (from: number, to: number, scopes: Scopes): void => {
      for (let i = from; i < to; i++) chars[i] = [...scopes];
    };
    const paintCaptures = (m: RegExpExecArray, caps: Rule['captures'], base: Scopes): void => {
      paint(m.index, m.index + m[0].length, base);
      if (!caps) return;
      const groups = Object.keys(caps)
        .map(Number)
        .sort((a, b) => a - b);
      for (const g of groups) {
        const span = m.indices?.[g];
        const name = caps[String(g)]?.name;
        if (!span || !name) continue;
        for (let i = span[0]; i < span[1]; i++) chars[i]!.push(...name.split(' '));
      }
    };
    let pos = 0;
    // Per line: the last search of each regex (from where, what it found), reused while still
    // valid, as TextMate engines do; otherwise every token would rescan the line ~60 times.
    const memo = new Map<RegExp, { from: number; index: number }>();
    for (let guard = 0; guard < 10000; guard++) {
      const top = stack[stack.length - 1]!;
      let best: { re: RegExp; index: number; rule: Rule; isEnd: boolean } | undefined;
      const tryRe = (r: RegExp, rule: Rule, isEnd: boolean): void => {
        let hit = memo.get(r);
        if (!hit || hit.from > pos || (hit.index >= 0 && hit.index < pos)) {
          r.lastIndex = pos;
          const m = r.exec(line);
          hit = { from: pos, index: m ? m.index : -1 };
          memo.set(r, hit);
        }
        if (hit.index >= 0 && (!best || hit.index < best.index)) best = { re: r, index: hit.index, rule, isEnd };
      };
      if (top.rule.end) tryRe(top.rule.end, top.rule, true);
      for (const p of flatten(top.rule.patterns)) tryRe((p.match ?? p.begin)!, p, false);
      if (!best) {
        paint(pos, line.length, top.scopes);
        break;
      }
      const sticky = new RegExp(best.re.source, 'dy');
      sticky.lastIndex = best.index;
      const m = sticky.exec(line)!;
      const { rule, isEnd } = best;
      paint(pos, m.index, top.scopes);
      const end = m.index + m[0].length;
      if (isEnd) {
        paintCaptures(m, rule.endCaptures ?? rule.captures, top.scopes);
        stack.pop();
      } else if (rule.match) {
        paintCaptures(m, rule.captures, rule.name ? [...top.scopes, ...rule.name.split(' ')] : top.scopes);
      } else {
        const scopes = rule.name ? [...top.scopes, ...rule.name.split(' ')] : top.scopes;
        paintCaptures(m, rule.beginCaptures ?? rule.captures, scopes);
        stack.push({ rule, scopes });
      }
      if (end === pos && !isEnd && rule.match) pos++;
      else pos = end;
      if (pos >= line.length && stack.length === 1) {
        if (pos === end) break;
      }
      if (pos > line.length) break;
    }
    result.push({ line, scopes: chars });
    // Every rule of this grammar ends at the end of its line.
    assert.equal(stack.length, 1, `rule left open after line: ${line}`);
  }
  return result;
}

const raw = JSON.parse(readFileSync(GRAMMAR_PATH, 'utf8')) as RawGrammar;
const root = compileGrammar(raw);

/** Scopes of `needle` (its first character) in `line`; every character of it must agree. */
function scopesOf(lines: { line: string; scopes: Scopes[] }[], lineRe: RegExp, needle: string | RegExp): Scopes {
  const l = lines.find((x) => lineRe.test(x.line));
  assert.ok(l, `no line matching ${lineRe}`);
  let at: number;
  let len: number;
  if (typeof needle === 'string') {
    at = l.line.indexOf(needle);
    len = needle.length;
  } else {
    const m = needle.exec(l.line);
    at = m ? m.index : -1;
    len = m ? m[0].length : 0;
  }
  assert.ok(at >= 0, `${needle} not in ${l.line}`);
  const first = l.scopes[at]!;
  for (let i = at; i < at + len; i++) assert.deepEqual(l.scopes[i], first, `scopes differ inside ${needle} of ${l.line}`);
  return first;
}

function hasScope(scopes: Scopes, prefix: string): boolean {
  return scopes.some((s) => s === prefix + SUFFIX || s.startsWith(prefix + '.'));
}

test('grammar JSON: scope name, includes resolve, every scope ends in .komorium-bytecode', () => {
  assert.equal(raw.scopeName, 'source.komorium-bytecode');
  const names: string[] = [];
  const walk = (r: RawRule): void => {
    if (r.include !== undefined) assert.ok(r.include.startsWith('#') && raw.repository[r.include.slice(1)], `include ${r.include}`);
    if (r.name) names.push(...r.name.split(' '));
    for (const k of ['captures', 'beginCaptures', 'endCaptures'] as const)
      for (const c of Object.values(r[k] ?? {})) if (c.name) names.push(...c.name.split(' '));
    (r.patterns ?? []).forEach(walk);
  };
  raw.patterns.forEach(walk);
  Object.values(raw.repository).forEach(walk);
  assert.ok(names.length > 50, `only ${names.length} scopes`);
  for (const n of names) assert.ok(n.endsWith(SUFFIX), `scope ${n}`);
  const lc = JSON.parse(readFileSync(join(REPO, 'syntaxes', 'komorium-bytecode.language-configuration.json'), 'utf8')) as {
    comments: { lineComment: string };
  };
  assert.equal(lc.comments.lineComment, '//');
});

test('grammar regexes: every one converts from Oniguruma and compiles as a JS RegExp', () => {
  let n = 0;
  const walk = (r: RawRule): void => {
    for (const k of ['match', 'begin', 'end'] as const) {
      const s = r[k];
      if (s === undefined) continue;
      assert.doesNotThrow(() => new RegExp(onigurumaToJs(s), 'dg'), `${k}: ${s}`);
      n++;
    }
    (r.patterns ?? []).forEach(walk);
  };
  raw.patterns.forEach(walk);
  Object.values(raw.repository).forEach(walk);
  assert.ok(n > 40, `only ${n} regexes`);
  // The converter itself: rejects what JS cannot express, converts \h.
  assert.equal(onigurumaToJs('\\h+'), '[0-9a-fA-F]+');
  for (const bad of ['\\Gfoo', '(?>a|b)', 'a*+', '\\Aabc']) assert.throws(() => onigurumaToJs(bad), bad);
});

const FAMILY_OF: [RegExp, string][] = [
  [/^invoke/, 'support.function.instruction.invoke'],
  [/^(goto|jsr|ret$|ret_w|if|tableswitch|lookupswitch)/, 'keyword.control.instruction.branch'],
  [/^([ilfda]?return|athrow)$/, 'keyword.control.instruction.return'],
  [/^(aconst_null|[ilfd]const_|bipush|sipush|ldc)/, 'constant.language.instruction.constant'],
  [/^([ilfda](load|store)|[ilfdabcs]a(load|store)$)/, 'variable.language.instruction.load-store'],
  [/^(get|put)(field|static)$/, 'variable.other.instruction.field'],
  [/^(new|newarray|anewarray|multianewarray|checkcast|instanceof|arraylength)$/, 'keyword.other.instruction.object'],
  [/^monitor/, 'keyword.control.instruction.monitor'],
  [/^(iinc|[ilfd](add|sub|mul|div|rem|neg)$|[il](shl|shr|ushr|and|or|xor)$|[ilfd]2[ilfdbcs]$|lcmp|[fd]cmp[lg])/, 'keyword.operator.instruction.arithmetic'],
  [/^(nop|pop|dup|swap|wide)/, 'keyword.operator.instruction.stack'],
];

test('every mnemonic (and wide form) gets the scope of its family, with the offset scoped', () => {
  const mnemonics = [...OPCODE_NAMES, ...OPCODE_NAMES.filter((_, op) => isWideable(op)).map((n) => `${n}_w`)];
  const text = mnemonics.map((m, i) => `${String(i * 3).padStart(10)}: ${m}`).join('\n');
  const lines = tokenize(root, text);
  mnemonics.forEach((m, i) => {
    const family = FAMILY_OF.find(([re]) => re.test(m));
    assert.ok(family, `test table has no family for ${m}`);
    const l = lines[i]!;
    const at = l.line.indexOf(`: ${m}`) + 2;
    assert.ok(hasScope(l.scopes[at]!, family[1]), `${m}: ${l.scopes[at]!.join(' ')}`);
    assert.ok(hasScope(l.scopes[at + m.length - 1]!, family[1]), `${m} (last char)`);
    assert.ok(hasScope(l.scopes[l.line.indexOf(String(i * 3))]!, 'constant.numeric.integer.offset'), `offset of ${m}`);
  });
});

test('a real listing (java.util.HashMap with its constant pool) tokenizes with the expected scopes', () => {
  const cp = ClassPath.from([], { jdk: findJavaHome(javaHome()) });
  let text: string;
  try {
    const f = cp.find('java/util/HashMap')!;
    text = disassemble(readClass(f.bytes, f.source), { constantPool: true, source: f.source });
  } finally {
    cp.close();
  }
  text += [
    '',
    '       12: goto          42',
    '        1: tableswitch   { // 0 to 2',
    '                       0: 28',
    '                 default: 40',
    '            }',
    '        7: invokevirtual #65000              // <invalid>',
    '        9: <invalid: a valid opcode, found 0xfe>',
  ].join('\n');
  const lines = tokenize(root, text);
  // (explicit messages: assert.ok without one makes node re-read the source, slow under tsx)
  const expect = (lineRe: RegExp, needle: string | RegExp, scope: string): void => {
    const scopes = scopesOf(lines, lineRe, needle);
    assert.ok(hasScope(scopes, scope), `${needle} in ${lineRe}: expected ${scope}, got ${scopes.join(' ')}`);
  };

  // Instructions: offset, mnemonic family, #ref, comment with kind, class, member, descriptor.
  const inv = /^ +\d+: invokestatic +#\d+ +\/\/ Method hash:\(Ljava\/lang\/Object;\)I$/;
  expect(inv, /\d+(?=:)/, 'constant.numeric.integer.offset');
  expect(inv, 'invokestatic', 'support.function.instruction.invoke');
  expect(inv, /#\d+/, 'constant.other.reference');
  expect(inv, 'Method', 'storage.type.constant-kind');
  expect(inv, 'Method', 'comment.line.double-slash');
  expect(inv, 'hash', 'entity.name.function.member');
  expect(inv, '(Ljava/lang/Object;)I', 'storage.type.descriptor.method');
  const ext = /\/\/ Method java\/lang\/Object\.hashCode:\(\)I$/;
  expect(ext, 'java/lang/Object', 'entity.name.type.class');
  expect(ext, 'hashCode', 'entity.name.function.member');
  const field = /getfield +#\d+ +\/\/ Field table:\[Ljava\/util\/HashMap\$Node;$/;
  expect(field, 'getfield', 'variable.other.instruction.field');
  expect(field, '[Ljava/util/HashMap$Node;', 'storage.type.descriptor.field');
  const str = /ldc +#\d+ +\/\/ String Illegal initial capacity: $/;
  expect(str, 'Illegal initial capacity:', 'string.unquoted.string-value');
  expect(/^ +\d+: ifnull +\d+$/, /\d+$/, 'constant.numeric.integer.branch-target');
  expect(/^ +12: goto +42$/, '42', 'constant.numeric.integer.branch-target');
  expect(/^ +12: goto +42$/, 'goto', 'keyword.control.instruction.branch');
  expect(/^ +\d+: areturn$/, 'areturn', 'keyword.control.instruction.return');
  expect(/^ +\d+: iconst_0$/, 'iconst_0', 'constant.language.instruction.constant');
  expect(/^ +\d+: aload_0$/, 'aload_0', 'variable.language.instruction.load-store');
  expect(/^ +\d+: new +#\d+ +\/\/ class java\/util\/HashMap\$Node$/, 'java/util/HashMap$Node', 'entity.name.type.class');
  // Switches.
  expect(/^ +0: 28$/, '0', 'constant.numeric.integer.case-key');
  expect(/^ +0: 28$/, '28', 'constant.numeric.integer.branch-target');
  expect(/^ +default: 40$/, 'default', 'keyword.control.default');
  expect(/^ +default: 40$/, '40', 'constant.numeric.integer.branch-target');
  // Invalid content.
  expect(/#65000/, '<invalid>', 'invalid.illegal');
  expect(/<invalid: a valid opcode/, '<invalid: a valid opcode, found 0xfe>', 'invalid.illegal.instruction');
  // Section headers, properties, flags, line numbers, frames.
  for (const h of ['Code', 'LineNumberTable', 'StackMapTable', 'Exception table', 'Signature', 'InnerClasses', 'Constant pool'])
    expect(new RegExp(`^ *${h}:`), h, 'entity.name.section');
  expect(/^ +descriptor: \(I\)V$/, 'descriptor', 'variable.other.property');
  expect(/^ +descriptor: \(I\)V$/, '(I)V', 'storage.type.descriptor.method');
  expect(/^ +flags: \(0x0001\) ACC_PUBLIC$/, 'ACC_PUBLIC', 'storage.modifier.flag');
  expect(/^ +stack=\d+, locals=\d+, args_size=\d+$/, 'stack', 'variable.other.property');
  expect(/^ +line \d+: \d+$/, 'line', 'keyword.other.line');
  expect(/^ +frame_type = \d+ \/\* same \*\/$/, '/* same */', 'comment.block');
  expect(/^ +locals = \[ class java\/util\/HashMap/, 'java/util/HashMap', 'entity.name.type.class');
  // Header, modifiers, strings, constant pool.
  expect(/^public class java\.util\.HashMap/, 'public', 'storage.modifier');
  expect(/^public class java\.util\.HashMap/, 'class', 'keyword.other');
  expect(/^SourceFile: "HashMap\.java"$/, '"HashMap.java"', 'string.quoted.double');
  expect(/^ +#1 = Methodref /, 'Methodref', 'storage.type.constant-tag');
  expect(/^ +#\d+ = Utf8 +java\/util\/HashMap$/, 'java/util/HashMap', 'string.unquoted.utf8');
  expect(/^ +#\d+ = Float /, /\d[\d.E]*f$/, 'constant.numeric.float');
  expect(/^ +#\d+ = Integer +1073741824$/, '1073741824', 'constant.numeric.integer');

  // Nothing was left unscoped on instruction lines: every mnemonic has a family.
  const insnLines = lines.filter((l) => /^ +\d+: [a-z]/.test(l.line));
  assert.ok(insnLines.length > 1500, `only ${insnLines.length} instruction lines`);
  for (const l of insnLines) {
    const at = l.line.indexOf(': ') + 2;
    assert.ok(l.scopes[at]!.some((s) => s.includes('.instruction.')), `no family for ${l.line}`);
  }
});
