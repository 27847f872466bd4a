// A virtualised, sortable tree table (also used flat): only the rows in view exist in the
// DOM. Rows are identified by the model's ids; expansion and selection are remembered by the
// model's stable keys, so they survive new data (live updates, thread switches).
//   mouse: click selects, double-click or Ctrl/Cmd-click opens, the twisty expands;
//   keys: ↑/↓/PageUp/PageDown/Home/End move, → expands or enters, ← collapses or goes to
//   the parent, Enter opens; other keys go to `onKey`.

export interface Column {
  id: string;
  title: string;
  /** CSS grid track, e.g. `minmax(200px, 1fr)` or `80px`. */
  width: string;
  numeric: boolean;
}

export interface Cell {
  text: string;
  /** 0..1: a proportional bar behind the text. */
  bar?: number;
}

export interface RowLabel {
  text: string;
  /** Secondary text after the label (call line, package, ...). */
  muted?: string;
  /** JDK frames are drawn in a quieter colour. */
  platform?: boolean;
}

export interface TableModel {
  readonly columns: readonly Column[];
  roots(): readonly number[];
  children(id: number): readonly number[];
  hasChildren(id: number): boolean;
  parent(id: number): number;
  /** Stable across data updates (used for expansion and selection). */
  key(id: number): string;
  label(id: number): RowLabel;
  cell(id: number, col: string): Cell;
  sortValue(id: number, col: string): number | string;
  /** Hover text of the row. */
  title(id: number): string;
}

export interface SortState {
  col: string;
  desc: boolean;
}

export interface TableCallbacks {
  onSelect(id: number): void;
  onOpen(id: number): void;
  onSort(s: SortState): void;
  /** Unhandled key on a selected row; return true when handled. */
  onKey?(id: number, e: KeyboardEvent): boolean;
}

export const TABLE_ROW_HEIGHT = 22;
const INDENT = 14;

let tableCount = 0;

export class TreeTable {
  readonly el: HTMLElement;
  private readonly header: HTMLElement;
  private readonly body: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly layer: HTMLElement;
  private readonly uid = `t${++tableCount}`;
  private model: TableModel | null = null;
  private readonly expanded = new Set<string>();
  private selectedKey: string | null = null;
  private sort: SortState;
  private flat: number[] = [];
  private depth: number[] = [];
  private readonly sortedKids = new Map<number, readonly number[]>();
  private pending = false;
  private readonly pool: HTMLElement[] = [];
  /** Bumped when the model or the sort changes: rows must be filled again. */
  private version = 0;

  constructor(
    label: string,
    sort: SortState,
    private readonly cb: TableCallbacks,
  ) {
    this.sort = sort;
    this.el = document.createElement('div');
    this.el.className = 'table';
    this.header = document.createElement('div');
    this.header.className = 'table-header';
    this.header.setAttribute('role', 'row');
    this.body = document.createElement('div');
    this.body.className = 'table-body';
    this.body.tabIndex = 0;
    this.body.setAttribute('role', 'treegrid');
    this.body.setAttribute('aria-label', label);
    this.spacer = document.createElement('div');
    this.spacer.className = 'table-spacer';
    this.layer = document.createElement('div');
    this.layer.className = 'table-rows';
    this.body.append(this.spacer, this.layer);
    this.el.append(this.header, this.body);
    this.body.addEventListener('scroll', () => this.invalidate(), { passive: true });
    new ResizeObserver(() => this.invalidate()).observe(this.body);
    this.body.addEventListener('keydown', (e) => this.onKey(e));
    this.layer.addEventListener('click', (e) => this.onClick(e));
    this.layer.addEventListener('dblclick', (e) => {
      const id = this.rowAt(e);
      if (id !== null) this.cb.onOpen(id);
    });
  }

  /** New data. Expansion and selection persist by key; `expandKeys` are added. */
  setModel(model: TableModel, expandKeys: readonly string[] = []): void {
    this.model = model;
    this.version++;
    for (const k of expandKeys) this.expanded.add(k);
    this.sortedKids.clear();
    this.renderHeader();
    this.reflatten();
    this.render();
  }

  setSort(s: SortState): void {
    this.sort = s;
    this.version++;
    this.sortedKids.clear();
    if (this.model) {
      this.renderHeader();
      this.reflatten();
      this.render();
    }
  }

  focus(): void {
    this.body.focus();
  }

  get selectedId(): number {
    if (!this.model || this.selectedKey === null) return -1;
    const i = this.indexOfKey(this.selectedKey);
    return i < 0 ? -1 : this.flat[i]!;
  }

  /** Selects a row (expanding its ancestors) and scrolls it into view; -1 clears. */
  select(id: number, reveal = true): void {
    const m = this.model;
    if (!m) return;
    if (id < 0) {
      this.selectedKey = null;
      this.render();
      return;
    }
    let changed = false;
    for (let p = m.parent(id); p >= 0; p = m.parent(p)) {
      const k = m.key(p);
      if (!this.expanded.has(k)) {
        this.expanded.add(k);
        changed = true;
      }
    }
    this.selectedKey = m.key(id);
    if (changed) this.reflatten();
    if (reveal) this.reveal(this.flat.indexOf(id));
    this.render();
  }

  expand(id: number, open: boolean): void {
    const m = this.model;
    if (!m) return;
    const k = m.key(id);
    if (open === this.expanded.has(k)) return;
    if (open) this.expanded.add(k);
    else this.expanded.delete(k);
    this.reflatten();
    this.render();
  }

  isExpanded(id: number): boolean {
    return this.model !== null && this.expanded.has(this.model.key(id));
  }

  /** Visible rows (ids in display order); for tests and navigation. */
  rows(): readonly number[] {
    return this.flat;
  }

  private indexOfKey(key: string): number {
    const m = this.model!;
    for (let i = 0; i < this.flat.length; i++) if (m.key(this.flat[i]!) === key) return i;
    return -1;
  }

  private sorted(ids: readonly number[], cacheId: number): readonly number[] {
    const hit = this.sortedKids.get(cacheId);
    if (hit) return hit;
    const m = this.model!;
    const { col, desc } = this.sort;
    const vals = new Map<number, number | string>();
    for (const id of ids) vals.set(id, m.sortValue(id, col));
    const cmp = (va: number | string, vb: number | string): number =>
      typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb));
    // Ties: by the first column (the name), ascending, then by id.
    const first = m.columns[0]!.id;
    const out = [...ids].sort((a, b) => {
      const c = cmp(vals.get(a)!, vals.get(b)!);
      return (desc ? -c : c) || cmp(m.sortValue(a, first), m.sortValue(b, first)) || a - b;
    });
    this.sortedKids.set(cacheId, out);
    return out;
  }

  private reflatten(): void {
    const m = this.model!;
    const flat: number[] = [];
    const depth: number[] = [];
    const stack: [number, number][] = [];
    const roots = this.sorted(m.roots(), -1);
    for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i]!, 0]);
    while (stack.length > 0) {
      const [id, d] = stack.pop()!;
      flat.push(id);
      depth.push(d);
      if (this.expanded.has(m.key(id)) && m.hasChildren(id)) {
        const kids = this.sorted(m.children(id), id);
        for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, d + 1]);
      }
    }
    this.flat = flat;
    this.depth = depth;
    this.spacer.style.height = `${flat.length * TABLE_ROW_HEIGHT}px`;
  }

  private renderHeader(): void {
    const m = this.model!;
    const cols = m.columns.map((c) => c.width).join(' ');
    this.el.style.setProperty('--table-columns', cols);
    const cells = m.columns.map((c) => {
      const b = document.createElement('button');
      b.className = `table-head${c.numeric ? ' numeric' : ''}`;
      b.setAttribute('role', 'columnheader');
      const active = this.sort.col === c.id;
      b.setAttribute('aria-sort', active ? (this.sort.desc ? 'descending' : 'ascending') : 'none');
      b.textContent = `${c.title}${active ? (this.sort.desc ? ' ▾' : ' ▴') : ''}`;
      b.title = `Sort by ${c.title}`;
      b.dataset.col = c.id;
      b.addEventListener('click', () => {
        const desc = this.sort.col === c.id ? !this.sort.desc : c.numeric;
        this.cb.onSort({ col: c.id, desc });
      });
      return b;
    });
    this.header.replaceChildren(...cells);
  }

  invalidate(): void {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.render();
    });
  }

  private reveal(index: number): void {
    if (index < 0) return;
    const top = index * TABLE_ROW_HEIGHT;
    const h = this.body.clientHeight;
    if (top < this.body.scrollTop) this.body.scrollTop = top;
    else if (top + TABLE_ROW_HEIGHT > this.body.scrollTop + h) this.body.scrollTop = top + TABLE_ROW_HEIGHT - h;
  }

  private render(): void {
    const m = this.model;
    if (!m) return;
    const h = this.body.clientHeight || 600;
    const first = Math.max(0, Math.floor(this.body.scrollTop / TABLE_ROW_HEIGHT));
    const last = Math.min(this.flat.length, first + Math.ceil(h / TABLE_ROW_HEIGHT) + 2);
    const count = Math.max(0, last - first);
    while (this.pool.length < count) {
      const row = document.createElement('div');
      row.className = 'table-row';
      row.setAttribute('role', 'row');
      this.pool.push(row);
    }
    // Rows stay attached (a detached row would break a double-click); only their content changes.
    while (this.layer.childElementCount > count) this.layer.lastElementChild!.remove();
    for (let r = this.layer.childElementCount; r < count; r++) this.layer.appendChild(this.pool[r]!);
    let activeId = '';
    for (let r = 0; r < count; r++) {
      const idx = first + r;
      const id = this.flat[idx]!;
      const row = this.pool[r]!;
      const key = m.key(id);
      const selected = key === this.selectedKey;
      const open = this.expanded.has(key);
      const sig = `${this.version}|${id}|${idx}|${selected ? 1 : 0}|${open ? 1 : 0}`;
      if (row.dataset.sig !== sig) {
        this.fillRow(row, m, id, this.depth[idx]!, selected);
        row.id = `${this.uid}-row-${idx}`;
        row.style.transform = `translateY(${idx * TABLE_ROW_HEIGHT}px)`;
        row.dataset.index = String(idx);
        row.dataset.sig = sig;
      }
      if (selected) activeId = row.id;
    }
    if (activeId) this.body.setAttribute('aria-activedescendant', activeId);
    else this.body.removeAttribute('aria-activedescendant');
  }

  private fillRow(row: HTMLElement, m: TableModel, id: number, depth: number, selected: boolean): void {
    const hasKids = m.hasChildren(id);
    const open = hasKids && this.expanded.has(m.key(id));
    row.className = `table-row${selected ? ' selected' : ''}`;
    row.setAttribute('aria-level', String(depth + 1));
    row.setAttribute('aria-selected', selected ? 'true' : 'false');
    if (hasKids) row.setAttribute('aria-expanded', open ? 'true' : 'false');
    else row.removeAttribute('aria-expanded');
    row.title = m.title(id);
    const cells: HTMLElement[] = [];
    const lab = m.label(id);
    const first = document.createElement('div');
    first.className = `table-cell label${lab.platform ? ' platform' : ''}`;
    first.setAttribute('role', 'gridcell');
    first.style.paddingLeft = `${4 + depth * INDENT}px`;
    const twisty = document.createElement('span');
    twisty.className = 'twisty';
    twisty.textContent = hasKids ? (open ? '▾' : '▸') : '';
    const text = document.createElement('span');
    text.className = 'label-text';
    text.textContent = lab.text;
    first.append(twisty, text);
    if (lab.muted) {
      const muted = document.createElement('span');
      muted.className = 'label-muted';
      muted.textContent = lab.muted;
      first.append(muted);
    }
    cells.push(first);
    for (const c of m.columns.slice(1)) {
      const cell = m.cell(id, c.id);
      const el = document.createElement('div');
      el.className = `table-cell${c.numeric ? ' numeric' : ''}`;
      el.setAttribute('role', 'gridcell');
      if (cell.bar !== undefined) {
        const bar = document.createElement('span');
        bar.className = 'cell-bar';
        bar.style.width = `${Math.max(0, Math.min(1, cell.bar)) * 100}%`;
        el.append(bar);
      }
      const span = document.createElement('span');
      span.className = 'cell-text';
      span.textContent = cell.text;
      el.append(span);
      cells.push(el);
    }
    row.replaceChildren(...cells);
  }

  private rowAt(e: MouseEvent): number | null {
    const target = e.target instanceof Element ? e.target.closest('.table-row') : null;
    if (!(target instanceof HTMLElement) || target.dataset.index === undefined) return null;
    const id = this.flat[Number(target.dataset.index)];
    return id === undefined ? null : id;
  }

  private onClick(e: MouseEvent): void {
    const id = this.rowAt(e);
    if (id === null) return;
    this.body.focus();
    const twisty = e.target instanceof Element && e.target.classList.contains('twisty');
    if (twisty) this.expand(id, !this.isExpanded(id));
    this.selectedKey = this.model!.key(id);
    this.render();
    this.cb.onSelect(id);
    if (e.ctrlKey || e.metaKey) this.cb.onOpen(id);
  }

  private onKey(e: KeyboardEvent): void {
    const m = this.model;
    if (!m || this.flat.length === 0) return;
    let idx = this.selectedKey === null ? -1 : this.indexOfKey(this.selectedKey);
    const id = idx >= 0 ? this.flat[idx]! : -1;
    const page = Math.max(1, Math.floor(this.body.clientHeight / TABLE_ROW_HEIGHT) - 1);
    switch (e.key) {
      case 'ArrowDown':
        idx = Math.min(this.flat.length - 1, idx + 1);
        break;
      case 'ArrowUp':
        idx = Math.max(0, idx - 1);
        break;
      case 'PageDown':
        idx = Math.min(this.flat.length - 1, idx + page);
        break;
      case 'PageUp':
        idx = Math.max(0, idx - page);
        break;
      case 'Home':
        idx = 0;
        break;
      case 'End':
        idx = this.flat.length - 1;
        break;
      case 'ArrowRight':
        if (id < 0) idx = 0;
        else if (m.hasChildren(id) && !this.isExpanded(id)) this.expand(id, true);
        else if (this.isExpanded(id)) idx = idx + 1;
        break;
      case 'ArrowLeft':
        if (id >= 0 && this.isExpanded(id)) this.expand(id, false);
        else if (id >= 0 && m.parent(id) >= 0) idx = this.flat.indexOf(m.parent(id));
        break;
      case 'Enter':
        if (id >= 0) this.cb.onOpen(id);
        break;
      default:
        if (id >= 0 && this.cb.onKey && this.cb.onKey(id, e)) break;
        return;
    }
    e.preventDefault();
    const next = this.flat[idx];
    if (next !== undefined && m.key(next) !== this.selectedKey) {
      this.selectedKey = m.key(next);
      this.reveal(idx);
      this.render();
      this.cb.onSelect(next);
    }
  }
}
