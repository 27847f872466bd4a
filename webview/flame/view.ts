// The flame-graph component: a canvas in a scrolling container (the canvas stays in view, a
// spacer gives the scroll height), mouse hover and clicks, keyboard navigation, and a tooltip.
//   click: zoom into the frame (and select it); Ctrl/Cmd-click: open its source.
//   keys: ←/→ neighbour frame in the row, ↑/↓ towards callees/callers (as drawn),
//   Enter: open source, Space: zoom into the selection, Backspace: zoom out one level,
//   Escape: reset the zoom (then clear the selection), Home: select the zoomed frame,
//   C: callers of the selected method.

import type { Tree } from '../model/tree';
import { renderFlame, type FlameScene } from './render';
import { contentHeight, frameSpan, hitTest, inView, MIN_FRAME_WIDTH, ROW_HEIGHT, rowTop, type Geometry, type Orientation } from './layout';
import type { FramePaint, ThemeColors } from './colors';
import { Tooltip, type TooltipContent } from '../ui/tooltip';

export interface FlameCallbacks {
  onSelect(i: number): void;
  onZoom(i: number): void;
  onOpen(i: number): void;
  onCallers(i: number): void;
  describe(i: number): TooltipContent;
}

export interface FlameData {
  tree: Tree;
  paints: readonly FramePaint[];
  labels: readonly string[];
  rootPaint: FramePaint;
  rootLabel: string;
  match: Uint8Array | null;
  theme: ThemeColors;
  /** Differential view (FlameScene.shade). */
  shade?: Int8Array | null;
  shadePaints?: readonly FramePaint[];
}

export class FlameView {
  readonly el: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly spacer: HTMLElement;
  private readonly tooltip: Tooltip;
  private data: FlameData | null = null;
  private zoom = 0;
  private selected = -1;
  private hovered = -1;
  private orientation: Orientation = 'flame';
  private width = 0;
  private height = 0;
  private pending = false;
  private lastMouse: { x: number; y: number } | null = null;
  /** Frames drawn by the last paint. */
  framesDrawn = 0;

  constructor(private readonly cb: FlameCallbacks) {
    this.el = document.createElement('div');
    this.el.className = 'flame-scroll';
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'flame-canvas';
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'Flame graph. Arrow keys move between frames, Enter opens the source, Space zooms, Escape resets the zoom.');
    this.spacer = document.createElement('div');
    this.spacer.className = 'flame-spacer';
    this.el.append(this.canvas, this.spacer);
    this.tooltip = new Tooltip();
    document.body.appendChild(this.tooltip.el);
    this.el.addEventListener('scroll', () => this.invalidate(), { passive: true });
    new ResizeObserver(() => this.resize()).observe(this.el);
    this.watchPixelRatio();
    this.canvas.addEventListener('mousemove', (e) => this.onMouseMove(e));
    this.canvas.addEventListener('mouseleave', () => this.setHover(-1, null));
    this.canvas.addEventListener('click', (e) => this.onClick(e));
    this.canvas.addEventListener('keydown', (e) => this.onKey(e));
    this.canvas.addEventListener('blur', () => this.tooltip.hide());
  }

  get canvasElement(): HTMLCanvasElement {
    return this.canvas;
  }

  /**
   * New data (a profile, a thread, a search, a theme) and the zoom and selection in it; paints
   * at once. `fresh`: scroll to the root, otherwise keep the distance from the root's edge.
   */
  setData(d: FlameData, o: { fresh: boolean; zoom?: number; selected?: number }): void {
    const prev = this.data;
    const fromRootSide = prev ? this.scrollFromRoot() : 0;
    this.data = d;
    if (o.zoom !== undefined) this.zoom = o.zoom;
    if (o.selected !== undefined) this.selected = o.selected;
    if (this.zoom >= d.tree.size) this.zoom = 0;
    if (this.selected >= d.tree.size) this.selected = -1;
    this.hovered = -1;
    this.layoutScroll(o.fresh || !prev ? 0 : fromRootSide);
    this.draw();
  }

  setZoom(i: number): void {
    this.zoom = i;
    this.invalidate();
  }

  setSelected(i: number): void {
    this.selected = i;
    this.revealSelected();
    this.invalidate();
  }

  setOrientation(o: Orientation): void {
    if (o === this.orientation) return;
    this.orientation = o;
    this.layoutScroll(0);
    this.invalidate();
  }

  focus(): void {
    this.canvas.focus();
  }

  /** Distance of the view from the root's edge of the graph (kept across updates). */
  private scrollFromRoot(): number {
    return this.orientation === 'icicle' ? this.el.scrollTop : this.el.scrollHeight - this.el.clientHeight - this.el.scrollTop;
  }

  private layoutScroll(fromRoot: number): void {
    if (!this.data) return;
    const g = this.geometry();
    const ch = contentHeight(this.data.tree, g);
    this.spacer.style.height = `${Math.max(0, ch - this.height)}px`;
    const max = Math.max(0, ch - this.el.clientHeight);
    this.el.scrollTop = this.orientation === 'icicle' ? Math.min(fromRoot, max) : Math.max(0, max - fromRoot);
  }

  private geometry(): Geometry {
    return {
      width: this.width,
      viewHeight: this.height,
      rowHeight: ROW_HEIGHT,
      orientation: this.orientation,
      scrollTop: this.el.scrollTop,
      zoom: this.zoom,
    };
  }

  private resize(): void {
    const w = this.el.clientWidth;
    const h = this.el.clientHeight;
    if (w === this.width && h === this.height && this.canvas.width === Math.round(w * devicePixelRatio)) return;
    const fromRoot = this.data ? this.scrollFromRoot() : 0;
    this.width = w;
    this.height = h;
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.layoutScroll(fromRoot);
    this.draw();
  }

  /** Repaints when the device pixel ratio changes (a window moved to another screen, zoom). */
  private watchPixelRatio(): void {
    const mq = matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    mq.addEventListener(
      'change',
      () => {
        this.invalidate();
        this.watchPixelRatio();
      },
      { once: true },
    );
  }

  invalidate(): void {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.draw();
    });
  }

  /** Paints now. Returns the number of frames drawn. */
  draw(): number {
    const dpr = window.devicePixelRatio || 1;
    if (this.width === 0) {
      this.width = this.el.clientWidth;
      this.height = this.el.clientHeight;
    }
    const bw = Math.max(1, Math.round(this.width * dpr));
    const bh = Math.max(1, Math.round(this.height * dpr));
    if (this.canvas.width !== bw || this.canvas.height !== bh) {
      this.canvas.width = bw;
      this.canvas.height = bh;
      this.canvas.style.width = `${this.width}px`;
      this.canvas.style.height = `${this.height}px`;
    }
    const ctx = this.canvas.getContext('2d', { alpha: false });
    if (!ctx || !this.data || this.width === 0 || this.height === 0) {
      this.framesDrawn = 0;
      this.canvas.dataset.frames = '0';
      return 0;
    }
    const d = this.data;
    const scene: FlameScene = {
      tree: d.tree,
      geometry: this.geometry(),
      paints: d.paints,
      labels: d.labels,
      rootPaint: d.rootPaint,
      rootLabel: d.rootLabel,
      match: d.match,
      shade: d.shade ?? null,
      ...(d.shadePaints ? { shadePaints: d.shadePaints } : {}),
      selected: this.selected,
      hovered: this.hovered,
      theme: d.theme,
    };
    this.framesDrawn = renderFlame(ctx, scene, dpr);
    this.canvas.dataset.frames = String(this.framesDrawn);
    performance.mark('komorium:paint', { detail: { frames: this.framesDrawn } });
    return this.framesDrawn;
  }

  /** The frame at a point of the canvas (CSS px from its top-left), or -1. */
  frameAt(x: number, y: number): number {
    return this.data ? hitTest(this.data.tree, this.geometry(), x, y) : -1;
  }

  /** Centre of a frame in canvas CSS px, or null when it is not drawn (used by tests and keyboard focus). */
  frameCenter(i: number): { x: number; y: number } | null {
    if (!this.data || i < 0 || i >= this.data.tree.size || !inView(this.data.tree, this.zoom, i)) return null;
    const g = this.geometry();
    const { x, w } = frameSpan(this.data.tree, g, i);
    if (w < MIN_FRAME_WIDTH) return null;
    const y = rowTop(this.data.tree, g, this.data.tree.depth[i]!) - g.scrollTop;
    return { x: x + w / 2, y: y + ROW_HEIGHT / 2 };
  }

  private point(e: MouseEvent): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private onMouseMove(e: MouseEvent): void {
    const p = this.point(e);
    this.lastMouse = { x: e.clientX, y: e.clientY };
    this.setHover(this.frameAt(p.x, p.y), this.lastMouse);
  }

  private setHover(i: number, at: { x: number; y: number } | null): void {
    if (i !== this.hovered) {
      this.hovered = i;
      this.canvas.style.cursor = i >= 0 ? 'pointer' : 'default';
      this.invalidate();
    }
    if (i >= 0 && at) this.tooltip.show(this.cb.describe(i), at.x, at.y);
    else this.tooltip.hide();
  }

  private onClick(e: MouseEvent): void {
    const p = this.point(e);
    const i = this.frameAt(p.x, p.y);
    if (i < 0) return;
    this.canvas.focus();
    if (e.ctrlKey || e.metaKey) {
      this.cb.onSelect(i);
      this.cb.onOpen(i);
      return;
    }
    this.cb.onSelect(i);
    this.cb.onZoom(i);
  }

  private onKey(e: KeyboardEvent): void {
    const d = this.data;
    if (!d) return;
    const t = d.tree;
    const sel = this.selected >= 0 && inView(t, this.zoom, this.selected) ? this.selected : -1;
    const towardsCallee = this.orientation === 'icicle' ? 'ArrowDown' : 'ArrowUp';
    const towardsCaller = this.orientation === 'icicle' ? 'ArrowUp' : 'ArrowDown';
    let next = -2;
    switch (e.key) {
      case 'ArrowLeft':
        next = sel < 0 ? this.zoom : this.neighbour(sel, -1);
        break;
      case 'ArrowRight':
        next = sel < 0 ? this.zoom : this.neighbour(sel, 1);
        break;
      case towardsCallee:
        next = sel < 0 ? this.zoom : this.widestChild(sel);
        break;
      case towardsCaller:
        next = sel < 0 ? this.zoom : sel > 0 ? t.parent[sel]! : sel;
        break;
      case 'Home':
        next = this.zoom;
        break;
      case 'Enter':
        if (sel >= 0) this.cb.onOpen(sel);
        break;
      case ' ':
        if (sel >= 0) this.cb.onZoom(sel);
        break;
      case 'Backspace':
        this.cb.onZoom(this.zoom > 0 ? t.parent[this.zoom]! : 0);
        break;
      case 'Escape':
        if (this.zoom !== 0) this.cb.onZoom(0);
        else this.cb.onSelect(-1);
        break;
      case 'c':
      case 'C':
        if (sel > 0 && !e.ctrlKey && !e.metaKey) this.cb.onCallers(sel);
        else return;
        break;
      default:
        return;
    }
    e.preventDefault();
    if (next >= -1 && next !== this.selected) this.cb.onSelect(next);
    if (next >= 0) this.showKeyboardTooltip(next);
  }

  private showKeyboardTooltip(i: number): void {
    const c = this.frameCenter(i);
    if (!c) return this.tooltip.hide();
    const r = this.canvas.getBoundingClientRect();
    this.tooltip.show(this.cb.describe(i), r.left + c.x, r.top + c.y);
  }

  private visible(i: number): boolean {
    const d = this.data!;
    return frameSpan(d.tree, this.geometry(), i).w >= MIN_FRAME_WIDTH;
  }

  private widestChild(i: number): number {
    const t = this.data!.tree;
    let best = i;
    let bestTotal = -1;
    for (let c = i + 1; c < t.end[i]!; c = t.end[c]!) {
      if (t.total[c]! > bestTotal) {
        best = c;
        bestTotal = t.total[c]!;
      }
    }
    return best !== i && this.visible(best) ? best : i;
  }

  /** The next drawn frame in the same row, left (-1) or right (+1), within the zoomed subtree. */
  private neighbour(i: number, dir: -1 | 1): number {
    const t = this.data!.tree;
    const z = this.zoom;
    const d = t.depth[i]!;
    if (i <= z) return i; // the zoomed frame and its ancestors are alone in their rows
    if (dir > 0) {
      let j = t.end[i]!;
      while (j < t.end[z]!) {
        if (t.depth[j]! === d) {
          if (this.visible(j)) return j;
          j = t.end[j]!;
        } else if (t.depth[j]! < d) j++;
        else j = t.end[j]!;
      }
    } else {
      for (let j = i - 1; j > z; j--) if (t.depth[j]! === d && this.visible(j)) return j;
    }
    return i;
  }

  private revealSelected(): void {
    const d = this.data;
    if (!d || this.selected < 0 || this.selected >= d.tree.size) return;
    const y = rowTop(d.tree, this.geometry(), d.tree.depth[this.selected]!);
    if (y < this.el.scrollTop) this.el.scrollTop = y;
    else if (y + ROW_HEIGHT > this.el.scrollTop + this.el.clientHeight) this.el.scrollTop = y + ROW_HEIGHT - this.el.clientHeight;
  }

  hideTooltip(): void {
    this.tooltip.hide();
  }
}
