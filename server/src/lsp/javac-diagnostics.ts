// javac's diagnostics as editor problems: `File.java:12: error: message`, then the source
// line, a caret line under the column, and detail lines (`  symbol: …`) that belong to the
// message; a closing `N errors` line. Lines and columns are 1-based in javac, 0-based here.

export interface JavacDiagnostic {
  file: string;
  /** 0-based. */
  line: number;
  /** 0-based; 0 when javac printed no caret. */
  column: number;
  severity: 'error' | 'warning' | 'note';
  message: string;
}

const HEADER = /^(.+\.java):(\d+): (error|warning|Note|note): (.*)$/;

export function parseJavacOutput(output: string): JavacDiagnostic[] {
  const out: JavacDiagnostic[] = [];
  let cur: (JavacDiagnostic & { seenCaret: boolean; body: number }) | null = null;
  for (const raw of output.split(/\r?\n/)) {
    const h = HEADER.exec(raw);
    if (h !== null) {
      if (cur) out.push(strip(cur));
      const sev = h[3]!.toLowerCase();
      cur = { file: h[1]!, line: Math.max(0, Number(h[2]) - 1), column: 0, severity: sev === 'error' ? 'error' : sev === 'warning' ? 'warning' : 'note', message: h[4]!, seenCaret: false, body: 0 };
      continue;
    }
    if (cur === null) continue;
    if (/^\d+ (errors?|warnings?)$/.test(raw.trim())) {
      out.push(strip(cur));
      cur = null;
      continue;
    }
    cur.body++;
    if (!cur.seenCaret && /^\s*\^\s*$/.test(raw)) {
      cur.seenCaret = true;
      cur.column = raw.indexOf('^');
      continue;
    }
    // The first body line is the source line; the rest, after the caret, add to the message.
    if (cur.seenCaret && raw.trim() !== '') cur.message += `\n${raw.trim()}`;
  }
  if (cur) out.push(strip(cur));
  return out;
}

function strip(d: JavacDiagnostic & { seenCaret: boolean; body: number }): JavacDiagnostic {
  return { file: d.file, line: d.line, column: d.column, severity: d.severity, message: d.message };
}

/** One line for a notification: the first error with its place, and how many more. */
export function summarizeJavac(diags: readonly JavacDiagnostic[], fallback: string): string {
  const errors = diags.filter((d) => d.severity === 'error');
  const first = errors[0];
  if (first === undefined) return `javac failed: ${fallback.split('\n').find((l) => l.trim() !== '') ?? 'no output'}`;
  const name = first.file.replace(/^.*[\\/]/, '');
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''})` : '';
  return `compile error in ${name}:${first.line + 1}: ${first.message.split('\n')[0]}${more}`;
}
