// Draws the flame graph onto a 2D canvas: one rectangle per visible frame (narrow subtrees
// skipped by the layout), labels where they fit, the selection and hover outlines.

import type { Tree } from '../model/tree';
import { toCss, mix, type FramePaint, type ThemeColors } from './colors';
import { forEachVisibleFrame, frameSpan, inView, rowTop, type Geometry } from './layout';

export interface FlameScene {
  tree: Tree;
  geometry: Geometry;
  /** Per method index. */
  paints: readonly FramePaint[];
  /** Per method index. */
  labels: readonly string[];
  /** Paint and label of the root frame. */
  rootPaint: FramePaint;
  rootLabel: string;
  /** Per context, 1 = matches the search; null when there is no search. */
  match: Uint8Array | null;
  /** Differential view: per context a shade (-K shrank .. +K grew) and the paints by shade + K; null otherwise. */
  shade?: Int8Array | null;
  shadePaints?: readonly FramePaint[];
  selected: number;
  hovered: number;
  theme: ThemeColors;
}

/** Horizontal room a label needs before it is drawn. */
const MIN_LABEL_WIDTH = 24;
const PAD = 4;

/** Truncates labels to a width using one measured character width (labels use a monospace font). */
class LabelFitter {
  private charWidth = 7;
  private font = '';

  setFont(ctx: CanvasRenderingContext2D, font: string): void {
    ctx.font = font;
    if (font !== this.font) {
      this.font = font;
      const sample = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.$_0123456789';
      this.charWidth = Math.max(1, ctx.measureText(sample).width / sample.length);
    }
  }

  fit(ctx: CanvasRenderingContext2D, text: string, width: number): string | null {
    const room = Math.floor(width / this.charWidth);
    if (room < 2) return null;
    if (text.length <= room) return text;
    let t = `${text.slice(0, room - 1)}…`;
    // Proportional fallback fonts: shorten until it fits.
    while (t.length > 2 && ctx.measureText(t).width > width) t = `${t.slice(0, t.length - 2)}…`;
    return t.length > 2 ? t : null;
  }
}

const fitter = new LabelFitter();

/** Renders the scene; the canvas's backing store is `dpr` times its CSS size. Returns frames drawn. */
export function renderFlame(ctx: CanvasRenderingContext2D, s: FlameScene, dpr: number): number {
  const g = s.geometry;
  const t = s.tree;
  const h = g.rowHeight;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = toCss(s.theme.background);
  ctx.fillRect(0, 0, g.width, g.viewHeight);
  fitter.setFont(ctx, s.theme.font);
  ctx.textBaseline = 'middle';
  const labels: { text: string; x: number; y: number; color: string }[] = [];
  let lastFill = '';
  const drawn = forEachVisibleFrame(t, g, (i, x, w, y) => {
    const m = t.method[i]!;
    const paint = m < 0 ? s.rootPaint : s.shade ? s.shadePaints![s.shade[i]! + (s.shadePaints!.length >> 1)]! : s.paints[m]!;
    const dim = s.match !== null && i > 0 && s.match[i] === 0;
    const fill = dim ? paint.dimFill : paint.fill;
    if (fill !== lastFill) {
      ctx.fillStyle = fill;
      lastFill = fill;
    }
    // A one-pixel gap between neighbours once frames are wide enough to show it.
    ctx.fillRect(x, y, w >= 3 ? w - 1 : w, h - 1);
    if (w >= MIN_LABEL_WIDTH) {
      const text = fitter.fit(ctx, m < 0 ? s.rootLabel : s.labels[m]!, w - 2 * PAD);
      if (text !== null) labels.push({ text, x: x + PAD, y: y + (h - 1) / 2 + 0.5, color: dim ? paint.dimText : paint.text });
    }
  });
  let lastText = '';
  for (const l of labels) {
    if (l.color !== lastText) {
      ctx.fillStyle = l.color;
      lastText = l.color;
    }
    ctx.fillText(l.text, l.x, l.y);
  }
  outline(ctx, s, s.hovered, toCss(mix(s.theme.foreground, s.theme.background, 0.2)), 1);
  outline(ctx, s, s.selected, toCss(s.theme.focus), 2);
  return drawn;
}

function outline(ctx: CanvasRenderingContext2D, s: FlameScene, i: number, color: string, width: number): void {
  const t = s.tree;
  const g = s.geometry;
  if (i < 0 || i >= t.size || !inView(t, g.zoom, i)) return;
  const { x, w } = frameSpan(t, g, i);
  if (w < 0.5) return;
  const y = rowTop(t, g, t.depth[i]!) - g.scrollTop;
  if (y + g.rowHeight < 0 || y > g.viewHeight) return;
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  const inset = width / 2;
  ctx.strokeRect(x + inset, y + inset, Math.max(w - 1 - width, 1), g.rowHeight - 1 - width);
}
