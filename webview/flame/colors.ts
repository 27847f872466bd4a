// Colours of the flame graph (no DOM): CSS colour parsing, mixing, contrast, and a palette per
// method derived from the theme's chart colours. Application classes get warm colours (red,
// orange, yellow by a hash of the class name, so a class keeps its colour between updates);
// JDK classes get cool ones (blue, purple). Search dims the frames that do not match.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Theme colours the canvas needs (read from the `--vscode-*` variables). */
export interface ThemeColors {
  background: Rgb;
  foreground: Rgb;
  red: Rgb;
  orange: Rgb;
  yellow: Rgb;
  blue: Rgb;
  purple: Rgb;
  focus: Rgb;
  /** CSS font for frame labels. */
  font: string;
}

/** Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(...)`, `rgba(...)`; alpha is composited over `over`. */
export function parseColor(s: string, over: Rgb = { r: 0, g: 0, b: 0 }): Rgb | null {
  const v = s.trim().toLowerCase();
  let r: number, g: number, b: number, a = 1;
  const hex = /^#([0-9a-f]{3,8})$/.exec(v);
  if (hex) {
    const h = hex[1]!;
    if (h.length === 3 || h.length === 4) {
      [r, g, b] = [0, 1, 2].map((k) => parseInt(h[k]! + h[k]!, 16)) as [number, number, number];
      if (h.length === 4) a = parseInt(h[3]! + h[3]!, 16) / 255;
    } else if (h.length === 6 || h.length === 8) {
      [r, g, b] = [0, 2, 4].map((k) => parseInt(h.slice(k, k + 2), 16)) as [number, number, number];
      if (h.length === 8) a = parseInt(h.slice(6, 8), 16) / 255;
    } else return null;
  } else {
    const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(v);
    if (!fn) return null;
    r = Number(fn[1]);
    g = Number(fn[2]);
    b = Number(fn[3]);
    if (fn[4] !== undefined) a = fn[4].endsWith('%') ? Number(fn[4].slice(0, -1)) / 100 : Number(fn[4]);
  }
  if (![r, g, b, a].every(Number.isFinite)) return null;
  return mix({ r, g, b }, over, 1 - Math.min(Math.max(a, 0), 1));
}

/** a·(1-t) + b·t */
export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

export function toCss(c: Rgb): string {
  const h = (x: number): string => Math.round(Math.min(Math.max(x, 0), 255)).toString(16).padStart(2, '0');
  return `#${h(c.r)}${h(c.g)}${h(c.b)}`;
}

/** WCAG relative luminance. */
export function luminance(c: Rgb): number {
  const ch = (x: number): number => {
    const s = x / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const BLACK: Rgb = { r: 0, g: 0, b: 0 };
const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** Near-black or near-white, whichever reads better on `fill`. */
export function textOn(fill: Rgb): string {
  return contrast(fill, BLACK) >= contrast(fill, WHITE) ? '#000000' : '#ffffff';
}

/** FNV-1a, 32 bits. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface FramePaint {
  fill: string;
  text: string;
  /** When the frame does not match the search. */
  dimFill: string;
  dimText: string;
}

/** How much a non-matching frame fades into the background during a search. */
const DIM = 0.72;

/** The paint of one method's frames. */
export function framePaint(theme: ThemeColors, className: string, methodName: string, platform: boolean): FramePaint {
  const t = hash32(className) / 0x100000000;
  const v = hash32(methodName) / 0x100000000;
  const light = luminance(theme.background) > 0.5;
  let base: Rgb;
  if (platform) base = mix(mix(theme.blue, theme.purple, t * 0.6), theme.background, light ? 0.45 : 0.3);
  else base = mix(t < 0.5 ? mix(theme.red, theme.orange, t * 2) : mix(theme.orange, theme.yellow, (t - 0.5) * 2), theme.background, light ? 0.25 : 0);
  // A little light/dark variation per method so neighbours of one class stay apart.
  const fill = mix(base, v < 0.5 ? BLACK : WHITE, Math.abs(v - 0.5) * 0.24);
  const dim = mix(fill, theme.background, DIM);
  return { fill: toCss(fill), text: textOn(fill), dimFill: toCss(dim), dimText: toCss(mix(theme.foreground, theme.background, 0.45)) };
}

/** Defaults (VS Code Dark Modern) for variables a host does not set. */
export const DEFAULT_THEME: ThemeColors = {
  background: { r: 0x1f, g: 0x1f, b: 0x1f },
  foreground: { r: 0xcc, g: 0xcc, b: 0xcc },
  red: { r: 0xf1, g: 0x4c, b: 0x4c },
  orange: { r: 0xd1, g: 0x86, b: 0x16 },
  yellow: { r: 0xcc, g: 0xa7, b: 0x00 },
  blue: { r: 0x37, g: 0x94, b: 0xff },
  purple: { r: 0xb1, g: 0x80, b: 0xd7 },
  focus: { r: 0x00, g: 0x7f, b: 0xd4 },
  font: '12px monospace',
};

/** Paints of the differential view by shade + steps: blue (shrank) .. neutral .. red (grew). */
export function diffPaints(theme: ThemeColors, steps: number): FramePaint[] {
  const light = luminance(theme.background) > 0.5;
  const neutral = mix(theme.foreground, theme.background, light ? 0.82 : 0.7);
  const out: FramePaint[] = [];
  for (let s = -steps; s <= steps; s++) {
    const t = 0.3 + (0.7 * Math.abs(s)) / steps;
    const fill = s === 0 ? neutral : mix(neutral, s > 0 ? theme.red : theme.blue, t);
    const dim = mix(fill, theme.background, DIM);
    out.push({ fill: toCss(fill), text: textOn(fill), dimFill: toCss(dim), dimText: toCss(mix(theme.foreground, theme.background, 0.45)) });
  }
  return out;
}
