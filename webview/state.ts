// The view state kept across hide/show of the panel (VS Code's getState/setState) and across
// live updates: which view, orientation, thread, search, zoom and selection (as context
// paths, which survive re-indexed profiles), and the sort of each table.

import { asPath, type PathStep } from './model/paths';
import type { Orientation } from './flame/layout';
import type { SortState } from './ui/table';

export type ViewId = 'flame' | 'tree' | 'hot' | 'callers';
export const VIEW_IDS: readonly ViewId[] = ['flame', 'tree', 'hot', 'callers'];
export type TableViewId = Exclude<ViewId, 'flame'>;

export const ALL_THREADS = '*';

export interface ViewState {
  view: ViewId;
  orientation: Orientation;
  /** ALL_THREADS or a thread key `name#seq`. */
  thread: string;
  search: string;
  zoom: PathStep[];
  selected: PathStep[] | null;
  sorts: Record<TableViewId, SortState>;
}

export function defaultState(): ViewState {
  return {
    view: 'flame',
    orientation: 'flame',
    thread: ALL_THREADS,
    search: '',
    zoom: [],
    selected: null,
    sorts: {
      tree: { col: 'totalPct', desc: true },
      hot: { col: 'selfPct', desc: true },
      callers: { col: 'selfPct', desc: true },
    },
  };
}

function asSort(v: unknown, d: SortState): SortState {
  if (typeof v !== 'object' || v === null) return d;
  const o = v as Record<string, unknown>;
  return typeof o.col === 'string' && typeof o.desc === 'boolean' ? { col: o.col, desc: o.desc } : d;
}

/** Validates a persisted state, field by field (anything odd falls back to the default). */
export function restoreState(v: unknown): ViewState {
  const d = defaultState();
  if (typeof v !== 'object' || v === null) return d;
  const o = v as Record<string, unknown>;
  const sorts = typeof o.sorts === 'object' && o.sorts !== null ? (o.sorts as Record<string, unknown>) : {};
  return {
    view: VIEW_IDS.includes(o.view as ViewId) ? (o.view as ViewId) : d.view,
    orientation: o.orientation === 'icicle' ? 'icicle' : 'flame',
    thread: typeof o.thread === 'string' ? o.thread : d.thread,
    search: typeof o.search === 'string' ? o.search : '',
    zoom: asPath(o.zoom) ?? [],
    selected: o.selected === null ? null : asPath(o.selected),
    sorts: {
      tree: asSort(sorts.tree, d.sorts.tree),
      hot: asSort(sorts.hot, d.sorts.hot),
      callers: asSort(sorts.callers, d.sorts.callers),
    },
  };
}
