// Text helpers shared by the disassembler: Java-style number formatting (Float.toString /
// Double.toString), javap's string escapes and its quoting of names that are not plain
// identifiers (`"<init>"`, `"[I"`).

/**
 * Formats decimal digits and a decimal exponent the way Java's Double.toString does:
 * plain notation for 1e-3 <= |v| < 1e7, else `d.dddEn`; always at least one fraction digit.
 * `digits` has no leading/trailing zeros (except a single "0"); the value is 0.d1d2... * 10^(exp+1).
 */
function javaNotation(negative: boolean, digits: string, exp: number): string {
  const sign = negative ? '-' : '';
  if (exp >= -3 && exp < 7) {
    if (exp >= 0) {
      const intPart = digits.length > exp + 1 ? digits.slice(0, exp + 1) : digits.padEnd(exp + 1, '0');
      const frac = digits.length > exp + 1 ? digits.slice(exp + 1) : '0';
      return `${sign}${intPart}.${frac}`;
    }
    return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  }
  return `${sign}${digits[0]}.${digits.length > 1 ? digits.slice(1) : '0'}E${exp}`;
}

/** Splits `toExponential` output ("1.2345e+3") into trimmed digits and exponent. */
function splitExponential(s: string): { digits: string; exp: number } {
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return { digits: '0', exp: 0 };
  let digits = m[1]! + (m[2] ?? '');
  digits = digits.replace(/0+$/, '');
  if (digits === '') digits = '0';
  return { digits, exp: Number(m[3]) };
}

/**
 * Shortest decimal that reads back as `v` under `roundTrip`, with at least two significant
 * digits considered (Java prints `4.9E-324`, not `5.0E-324`).
 */
function shortestDigits(v: number, roundTrip: (x: number) => boolean, maxDigits: number): { digits: string; exp: number } {
  for (let p = 1; p <= maxDigits; p++) {
    const s = Math.abs(v).toExponential(p - 1);
    if (roundTrip(Number(s))) {
      if (p === 1) return splitExponential(Math.abs(v).toExponential(1));
      return splitExponential(s);
    }
  }
  return splitExponential(Math.abs(v).toExponential(maxDigits - 1));
}

function specialFloat(v: number): string | undefined {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  if (v === 0) return Object.is(v, -0) ? '-0.0' : '0.0';
  return undefined;
}

/** Java's `Double.toString(v)` (shortest round-trip digits). */
export function javaDouble(v: number): string {
  const special = specialFloat(v);
  if (special !== undefined) return special;
  const { digits, exp } = shortestDigits(v, (x) => x === Math.abs(v), 17);
  return javaNotation(v < 0, digits, exp);
}

/** Java's `Float.toString(v)` for a value that is exactly a float. */
export function javaFloat(v: number): string {
  const special = specialFloat(v);
  if (special !== undefined) return special;
  const target = Math.fround(Math.abs(v));
  const { digits, exp } = shortestDigits(target, (x) => Math.fround(x) === target, 9);
  return javaNotation(v < 0, digits, exp);
}

const scratch = new DataView(new ArrayBuffer(8));

/** The float whose IEEE 754 bits are `bits` (an int32). NaN payloads collapse to NaN. */
export function floatFromBits(bits: number): number {
  scratch.setInt32(0, bits | 0);
  return scratch.getFloat32(0);
}

/** The double whose IEEE 754 bits are `bits` (a signed or unsigned 64-bit bigint). */
export function doubleFromBits(bits: bigint): number {
  scratch.setBigUint64(0, BigInt.asUintN(64, bits));
  return scratch.getFloat64(0);
}

/** True for ISO control characters (U+0000..U+001F, U+007F..U+009F), as Character.isISOControl. */
function isIsoControl(c: number): boolean {
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f);
}

/** javap's escaping of string constants: \t \n \r \b \f \" \' \\ and \uXXXX for controls. */
export function escapeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const c = s.charCodeAt(i);
    switch (ch) {
      case '\t':
        out += '\\t';
        break;
      case '\n':
        out += '\\n';
        break;
      case '\r':
        out += '\\r';
        break;
      case '\b':
        out += '\\b';
        break;
      case '\f':
        out += '\\f';
        break;
      case '"':
        out += '\\"';
        break;
      case "'":
        out += "\\'";
        break;
      case '\\':
        out += '\\\\';
        break;
      default:
        // U+2028/U+2029 are escaped too (javap prints them raw): they break lines in editors.
        out += isIsoControl(c) || c === 0x2028 || c === 0x2029 ? `\\u${c.toString(16).padStart(4, '0')}` : ch;
    }
  }
  return out;
}

// Character.isJavaIdentifierStart / isJavaIdentifierPart, by Unicode general category.
const ID_START = /^[\p{L}\p{Nl}\p{Sc}\p{Pc}]$/u;
const ID_PART = /^[\p{L}\p{Nl}\p{Sc}\p{Pc}\p{Nd}\p{Mn}\p{Mc}\p{Cf}\u0000-\u0008\u000e-\u001b\u007f-\u009f]$/u;

/**
 * javap's rendering of a (class, member, module, package) name: unchanged when every
 * `/`-separated segment is a Java identifier, else double-quoted with escapes.
 */
export function quoteName(name: string): string {
  if (name.length === 0) return '""';
  let prev = '/';
  for (const ch of name) {
    if ((prev === '/' && !ID_START.test(ch)) || (ch !== '/' && !ID_PART.test(ch))) return `"${escapeString(name)}"`;
    prev = ch;
  }
  return name;
}

/** `java/lang/String` -> `java.lang.String`. */
export function dotted(internalName: string): string {
  return internalName.replace(/\//g, '.');
}
