// A tolerant Java tokenizer for the editor features: identifiers, punctuation and "other"
// tokens (numbers, literals), with comments, strings, text blocks and char literals skipped.
// It never throws: unterminated constructs simply end at the end of the text.

export type TokenKind = 'ident' | 'punct' | 'literal' | 'other';

export interface Token {
  kind: TokenKind;
  text: string;
  /** 0-based line and column (UTF-16 units) of the first character. */
  line: number;
  col: number;
  offset: number;
}

const IDENT_START = /[A-Za-z_$\u00c0-\uffff]/;
const IDENT_PART = /[A-Za-z0-9_$\u00c0-\uffff]/;
/** Multi-character punctuation; '>' is always one token (it closes type arguments). */
const PUNCT3 = ['...', '<<='];
const PUNCT2 = ['->', '::', '==', '!=', '<=', '>=', '&&', '||', '++', '--', '+=', '-=', '*=', '/=', '&=', '|=', '^=', '%=', '<<'];

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 0;
  let lineStart = 0;
  const n = text.length;
  const newline = (at: number) => {
    line++;
    lineStart = at + 1;
  };
  const skipTo = (end: number) => {
    for (let k = i; k < end && k < n; k++) if (text.charCodeAt(k) === 10) newline(k);
    i = Math.min(end, n);
  };
  while (i < n) {
    const c = text[i]!;
    if (c === '\n') {
      newline(i);
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    const startLine = line;
    const startCol = i - lineStart;
    const start = i;
    if (c === '/' && text[i + 1] === '/') {
      const e = text.indexOf('\n', i);
      i = e < 0 ? n : e;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      skipTo(e < 0 ? n : e + 2);
      continue;
    }
    if (c === '"' && text.startsWith('"""', i)) {
      let k = i + 3;
      while (k < n && !text.startsWith('"""', k)) k += text[k] === '\\' ? 2 : 1;
      skipTo(k + 3);
      out.push({ kind: 'literal', text: '""""""', line: startLine, col: startCol, offset: start });
      continue;
    }
    if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < n && text[k] !== c && text[k] !== '\n') k += text[k] === '\\' ? 2 : 1;
      i = Math.min(k + 1, n);
      out.push({ kind: 'literal', text: c + c, line: startLine, col: startCol, offset: start });
      continue;
    }
    if (IDENT_START.test(c)) {
      let k = i + 1;
      while (k < n && IDENT_PART.test(text[k]!)) k++;
      out.push({ kind: 'ident', text: text.slice(i, k), line: startLine, col: startCol, offset: start });
      i = k;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      let k = i + 1;
      while (k < n && /[0-9A-Za-z_.]/.test(text[k]!)) {
        // 1e-5, 0x1p+3
        if ((text[k] === 'e' || text[k] === 'E' || text[k] === 'p' || text[k] === 'P') && (text[k + 1] === '-' || text[k + 1] === '+')) k++;
        k++;
      }
      out.push({ kind: 'literal', text: text.slice(i, k), line: startLine, col: startCol, offset: start });
      i = k;
      continue;
    }
    const p3 = PUNCT3.find((p) => text.startsWith(p, i));
    const p = p3 ?? PUNCT2.find((q) => text.startsWith(q, i)) ?? c;
    out.push({ kind: 'punct', text: p, line: startLine, col: startCol, offset: start });
    i += p.length;
  }
  return out;
}
