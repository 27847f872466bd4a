// Flame-graph geometry (no DOM): where each context is drawn for a given zoom, orientation,
// size and scroll position; which frames are visible; which frame is under a point.
// The horizontal layout is precomputed in the tree (x, total in samples); zooming is a linear
// map of the zoomed context's span onto the width, its ancestors span the whole width.

import type { Tree } from '../model/tree';

/** flame: the root at the bottom, callees above; icicle: the root at the top. */
export type Orientation = 'flame' | 'icicle';

export interface Geometry {
  /** CSS pixels. */
  width: number;
  /** Visible height, CSS pixels. */
  viewHeight: number;
  rowHeight: number;
  orientation: Orientation;
  /** Scroll offset of the view into the content, CSS pixels. */
  scrollTop: number;
  /** The zoomed context (0 = the root). */
  zoom: number;
}

/** Height of a row of frames, CSS px. */
export const ROW_HEIGHT = 18;

/** Frames narrower than this (CSS px) are not drawn and cannot be hit. */
export const MIN_FRAME_WIDTH = 0.5;

/** Height of the whole graph: one row per depth, at least the view. */
export function contentHeight(t: Tree, g: Geometry): number {
  return Math.max((t.maxDepth + 1) * g.rowHeight, g.viewHeight);
}

/** Top of the row of a depth, in content coordinates. */
export function rowTop(t: Tree, g: Geometry, depth: number): number {
  return g.orientation === 'icicle' ? depth * g.rowHeight : contentHeight(t, g) - (depth + 1) * g.rowHeight;
}

/** The depth of the row at content coordinate y, or -1. */
export function depthAt(t: Tree, g: Geometry, y: number): number {
  const r = rawDepth(t, g, y);
  return r >= 0 && r <= t.maxDepth ? r : -1;
}

function rawDepth(t: Tree, g: Geometry, y: number): number {
  return g.orientation === 'icicle' ? Math.floor(y / g.rowHeight) : Math.ceil((contentHeight(t, g) - y) / g.rowHeight) - 1;
}

/** Horizontal extent of context i in CSS px (ancestors of the zoomed context span the width). */
export function frameSpan(t: Tree, g: Geometry, i: number): { x: number; w: number } {
  const z = g.zoom;
  if (i <= z && z < t.end[i]!) return { x: 0, w: g.width };
  const zt = t.total[z]!;
  const scale = zt > 0 ? g.width / zt : 0;
  return { x: (t.x[i]! - t.x[z]!) * scale, w: t.total[i]! * scale };
}

/** True when context i is drawn in the current zoom (the zoomed subtree or its ancestors). */
export function inView(t: Tree, z: number, i: number): boolean {
  return (i >= z && i < t.end[z]!) || (i < z && z < t.end[i]!);
}

/** Visible depth range [lo, hi] for the current scroll position. */
export function visibleDepths(t: Tree, g: Geometry): [number, number] {
  const a = rawDepth(t, g, g.scrollTop);
  const b = rawDepth(t, g, g.scrollTop + g.viewHeight - 1);
  const clamp = (d: number): number => Math.min(Math.max(d, 0), t.maxDepth);
  return [clamp(Math.min(a, b)), clamp(Math.max(a, b))];
}

export type FrameVisitor = (i: number, x: number, w: number, y: number) => void;

/**
 * Calls `visit` for every frame at least MIN_FRAME_WIDTH wide in the visible rows, ancestors of
 * the zoomed context first, then its subtree in preorder. Narrow subtrees and rows below the
 * view are skipped whole. y is the row top in view coordinates. Returns the number of frames.
 */
export function forEachVisibleFrame(t: Tree, g: Geometry, visit: FrameVisitor): number {
  if (t.size === 0) return 0;
  const [lo, hi] = visibleDepths(t, g);
  const z = g.zoom;
  let count = 0;
  for (let a = t.parent[z]!, d = t.depth[z]! - 1; a >= 0; a = t.parent[a]!, d--) {
    if (d >= lo && d <= hi) {
      visit(a, 0, g.width, rowTop(t, g, d) - g.scrollTop);
      count++;
    }
  }
  const zt = t.total[z]!;
  if (zt <= 0) return count;
  const scale = g.width / zt;
  const x0 = t.x[z]!;
  const end = t.end[z]!;
  let i = z;
  while (i < end) {
    const w = t.total[i]! * scale;
    const d = t.depth[i]!;
    if (w < MIN_FRAME_WIDTH || d > hi) {
      i = t.end[i]!;
      continue;
    }
    if (d >= lo) {
      visit(i, (t.x[i]! - x0) * scale, w, rowTop(t, g, d) - g.scrollTop);
      count++;
    }
    i++;
  }
  return count;
}

/** The drawn frame under the view point (px, py), or -1. */
export function hitTest(t: Tree, g: Geometry, px: number, py: number): number {
  if (t.size === 0 || px < 0 || px >= g.width) return -1;
  const d = depthAt(t, g, py + g.scrollTop);
  if (d < 0) return -1;
  const z = g.zoom;
  const dz = t.depth[z]!;
  if (d < dz) {
    let a = z;
    while (t.depth[a]! > d) a = t.parent[a]!;
    return a;
  }
  const zt = t.total[z]!;
  if (zt <= 0) return d === dz ? z : -1;
  const scale = g.width / zt;
  const s = t.x[z]! + px / scale;
  let cur = z;
  while (t.depth[cur]! < d) {
    let next = -1;
    for (let c = cur + 1; c < t.end[cur]!; c = t.end[c]!) {
      if (s >= t.x[c]! && s < t.x[c]! + t.total[c]!) {
        next = c;
        break;
      }
    }
    if (next < 0) return -1;
    cur = next;
  }
  return t.total[cur]! * scale >= MIN_FRAME_WIDTH ? cur : -1;
}
