// Test helper: parses a `javap -c -v -p` listing (or Komorium's, which uses the same layout)
// into comparable content: constant-pool entries and, per member, the header, descriptor,
// flags, instructions (offset, mnemonic, operands, comment), line numbers, exception table,
// stack map frames. Whitespace is normalised; float/double constants compare by value, since
// JDK 17's Float/Double.toString does not always print the shortest digits.

export interface ParsedInsn {
  offset: number;
  mnemonic: string;
  /** Operand tokens (`#12`, `7`), switch cases as `key:target`. */
  operands: string[];
  comment: string;
}

export interface ParsedFrame {
  frameType: number;
  kind: string;
  /** Absolute bytecode offset of the frame (decoded from offset_delta / frame_type). */
  offset: number;
  locals?: string;
  stack?: string;
}

export interface ParsedMember {
  header: string;
  descriptor: string;
  flags: string;
  code?: { header: string; insns: ParsedInsn[] };
  lineNumbers: string[];
  exceptionTable: string[];
  frames: ParsedFrame[];
  /** Other attribute lines of the member (normalised), for looser comparisons. */
  other: string[];
}

export interface ParsedClass {
  header: string;
  constants: Map<number, string>;
  members: ParsedMember[];
  /** Class-level attribute lines after the closing brace (normalised). */
  classAttributes: string[];
}

/** Whitespace collapsed, raw U+2028/U+2029 escaped (javap prints them raw), numbers by value. */
const ws = (s: string): string =>
  normaliseNumbers(
    s
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029')
      .trim()
      .replace(/\s+/g, ' '),
  );

/** `float 1.07374182E9f` and `float 1.0737418E9f` normalise alike. */
export function normaliseNumbers(s: string): string {
  return s.replace(/\b(float|double|Float|Double)(\s+)(-?(?:NaN|Infinity|\d+\.\d+(?:E-?\d+)?))([fd])/g, (_m, kind, sp, num, suffix) => {
    const n = Number(num);
    return `${kind}${sp}${kind.toLowerCase() === 'float' ? Math.fround(n) : n}${suffix}`;
  });
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function parseMember(lines: string[]): ParsedMember {
  const m: ParsedMember = { header: ws(lines[0] ?? ''), descriptor: '', flags: '', lineNumbers: [], exceptionTable: [], frames: [], other: [] };
  let section = '';
  let inSwitch: ParsedInsn | undefined;
  let frameOffset = -1;
  let frame: ParsedFrame | undefined;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    if (t === '') continue;
    const ind = indentOf(line);
    if (ind === 4) {
      if (t.startsWith('descriptor:')) m.descriptor = ws(t.slice(11));
      else if (t.startsWith('flags:')) m.flags = ws(t.slice(6));
      else if (t === 'Code:') {
        section = 'code';
        m.code = { header: '', insns: [] };
      } else {
        section = 'other';
        m.other.push(ws(t));
      }
      continue;
    }
    if (section === 'code' && t.startsWith('stack=')) {
      m.code!.header = ws(t);
      continue;
    }
    if (section !== '' && section !== 'other' && ind === 6 && /^[A-Za-z ]+:/.test(t)) {
      section = t.startsWith('Exception table') ? 'exceptions' : t.startsWith('LineNumberTable') ? 'lines' : t.startsWith('StackMapTable') ? 'frames' : 'codeother';
      if (section === 'codeother') m.other.push(ws(t));
      continue;
    }
    switch (section) {
      case 'code': {
        if (inSwitch) {
          if (t === '}') {
            inSwitch = undefined;
            continue;
          }
          const c = /^(-?\d+|default): (\d+)$/.exec(t);
          if (c) inSwitch.operands.push(`${c[1]}:${c[2]}`);
          else throw new Error(`bad switch case line: ${line}`);
          continue;
        }
        const mm = /^(\d+): (\S+)\s*(.*)$/.exec(t);
        if (!mm) throw new Error(`bad instruction line: ${line}`);
        const [, off, mnemonic, rest] = mm;
        const ci = rest!.indexOf('//');
        const opText = ci >= 0 ? rest!.slice(0, ci) : rest!;
        const comment = ci >= 0 ? (ws(rest!.slice(ci + 2))) : '';
        const operands = opText
          .split(/[\s,]+/)
          .map((x) => x.trim())
          .filter((x) => x !== '' && x !== '{');
        const insn: ParsedInsn = { offset: Number(off), mnemonic: mnemonic!, operands, comment };
        m.code!.insns.push(insn);
        if (opText.includes('{')) inSwitch = insn;
        break;
      }
      case 'lines':
        m.lineNumbers.push(ws(t));
        break;
      case 'exceptions':
        if (!t.startsWith('from')) m.exceptionTable.push(ws(t));
        break;
      case 'frames': {
        const f = /^frame_type = (\d+) \/\* (\w+) \*\/$/.exec(t);
        if (f) {
          const type = Number(f[1]);
          frame = { frameType: type, kind: f[2]!, offset: 0 };
          m.frames.push(frame);
          if (type < 128) {
            frameOffset += (type < 64 ? type : type - 64) + 1;
            frame.offset = frameOffset;
          }
          continue;
        }
        const d = /^offset_delta = (\d+)$/.exec(t);
        if (d && frame) {
          frameOffset += Number(d[1]) + 1;
          frame.offset = frameOffset;
          continue;
        }
        const l = /^(locals|stack) = (.*)$/.exec(t);
        if (l && frame) {
          frame[l[1] as 'locals' | 'stack'] = ws(l[2]!);
          continue;
        }
        throw new Error(`bad StackMapTable line: ${line}`);
      }
      default:
        m.other.push(ws(t));
    }
  }
  return m;
}

/** Parses one class's listing (everything from the class header line on). */
export function parseListing(text: string): ParsedClass {
  const lines = text.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029').split('\n');
  let i = lines.findIndex((l) => /^\S/.test(l) && !l.startsWith('Classfile') && !l.startsWith('  '));
  if (i < 0) throw new Error('no class header line');
  const out: ParsedClass = { header: ws(lines[i]!), constants: new Map(), members: [], classAttributes: [] };
  for (i++; i < lines.length && lines[i] !== '{'; i++) {
    const c = /^\s*#(\d+) = (.*)$/.exec(lines[i]!);
    if (c) out.constants.set(Number(c[1]), (ws(c[2]!)));
  }
  i++;
  let current: string[] | undefined;
  const flush = (): void => {
    if (current) out.members.push(parseMember(current));
    current = undefined;
  };
  for (; i < lines.length && lines[i] !== '}'; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    if (indentOf(line) === 2) {
      flush();
      current = [line];
    } else current?.push(line);
  }
  flush();
  for (i++; i < lines.length; i++) if (lines[i]!.trim()) out.classAttributes.push((ws(lines[i]!)));
  return out;
}

/** Splits the concatenated output of `javap ... A B C` into one listing per class. */
export function splitJavapOutput(text: string): string[] {
  return text.split(/^(?=Classfile )/m).filter((s) => s.startsWith('Classfile '));
}

/**
 * Content differences between javap's listing and ours, as readable strings (empty when they
 * agree): class header, constant pool, and per member header, descriptor, flags, code header,
 * instructions, line numbers, exception table, stack map frames and other attributes, then
 * the class attributes. `skip` drops keys known to differ by design.
 */
export function compareListings(javapText: string, oursText: string, skip: ReadonlySet<string> = new Set()): string[] {
  const theirs = parseListing(javapText);
  const ours = parseListing(oursText);
  const diffs: string[] = [];
  const d = (what: string, a: unknown, b: unknown): void => {
    if (JSON.stringify(a) !== JSON.stringify(b)) diffs.push(`${what}:\n  javap: ${JSON.stringify(a)}\n  ours:  ${JSON.stringify(b)}`);
  };
  if (!skip.has('header')) d('class header', theirs.header, ours.header);
  for (const [i, v] of theirs.constants) d(`constant #${i}`, v, ours.constants.get(i));
  d('constant count', theirs.constants.size, ours.constants.size);
  d('member count', theirs.members.length, ours.members.length);
  theirs.members.forEach((m, i) => {
    const o = ours.members[i];
    const keys = ['header', 'descriptor', 'flags', 'lineNumbers', 'exceptionTable', 'frames', 'other'] as const;
    for (const key of keys) if (!skip.has(key)) d(`${m.header} ${key}`, m[key], o?.[key]);
    d(`${m.header} code header`, m.code?.header, o?.code?.header);
    const a = m.code?.insns ?? [];
    const b = o?.code?.insns ?? [];
    d(`${m.header} instruction count`, a.length, b.length);
    a.forEach((ins, j) => d(`${m.header} instruction ${j}`, ins, b[j]));
  });
  if (!skip.has('classAttributes')) d('class attributes', theirs.classAttributes, ours.classAttributes);
  return diffs;
}
