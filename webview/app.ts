// The profile panel: receives profiles from the host, builds the model of the selected
// threads, and keeps the flame graph, the three tables, the search, zoom and selection in step.
// View state survives live updates (by context path) and hide/show (getState/setState).

import type { FocusMessage, HostToWebview, ProfileMessage } from './protocol';
import { readProfile, ProfileError, threadKey, type ProfileData } from './model/profile';
import { buildTree, ancestry, type Tree } from './model/tree';
import { methodKey, isPlatformClass, qualifiedLabel, shortLabel } from './model/methods';
import { matchMethods, searchTree } from './model/search';
import { contextPath, resolvePath } from './model/paths';
import { contextHotLine, methodHotLine } from './model/lines';
import { framePaint, mix, textOn, toCss, type FramePaint, type ThemeColors } from './flame/colors';
import { FlameView } from './flame/view';
import { TreeTable, type SortState } from './ui/table';
import { Chrome } from './ui/chrome';
import { readTheme, watchTheme } from './ui/theme';
import type { HostApi } from './ui/vscode';
import { pct, count } from './ui/format';
import { ALL_THREADS, restoreState, type TableViewId, type ViewId, type ViewState } from './state';
import { CallersModel, CallTreeModel, HotMethodsModel, Interner, type ViewData } from './views/models';
import { contextDetails, frameTooltip, methodDetails, rootLabel, statusLine } from './views/describe';
import { threadOptions } from './views/threads';
import { diffLegend, diffTooltipRows } from './views/diff-describe';
import { hotPathKeys, lazyTotals } from './views/tree-helpers';
import { asDiff, matchDiff, shades, SHADE_STEPS, type DiffData, type DiffMatch } from './model/diff';
import { diffPaints } from './flame/colors';
import { foldFramework, hasFocus } from '../server/src/profile/focus';
import type { ProfileFile } from '../server/src/profile/schema';
import type { TooltipContent } from './ui/tooltip';
import { focusTarget } from './views/focus';

interface Model extends ViewData {
  threadName: string | null;
  /** Differential view: baseline bytecodes per context and the shades. */
  diff: (DiffMatch & { shade: Int8Array }) | null;
  methodMatch: Uint8Array | null;
  nodeMatch: Uint8Array | null;
}

export class App {
  private state: ViewState;
  private readonly chrome: Chrome;
  private readonly flame: FlameView;
  private readonly tables: Record<TableViewId, TreeTable>;
  private readonly dirty = new Set<TableViewId>();
  private callers: CallersModel | null = null;
  private profile: ProfileData | null = null;
  private live = false;
  private title: string | null = null;
  private m: Model | null = null;
  private zoom = 0;
  private selected = -1;
  private theme: ThemeColors;
  private readonly paintCache = new Map<string, FramePaint>();
  private readonly interner = new Interner();
  private searchPending = false;
  private pendingProfile: ProfileMessage | null = null;
  /** The last profile as parsed JSON (a test profile is folded from it again when the toggle changes). */
  private raw: unknown = null;
  /** The text `raw` was parsed from: the same profile sent again (Compare with Baseline… adds a diff to the profile shown) is not parsed again. */
  private rawText: string | null = null;
  /** The last tree built, for the profile and threads it was built of (trees are not changed once built). */
  private lastTree: { profile: ProfileData; threads: string; tree: Tree } | null = null;
  private diff: DiffData | null = null;
  /** Profiles of tests: show the framework's frames (folded by default). */
  private showFramework = false;
  /** The profile shown is a test's, with the framework's frames folded. */
  private frameworkFolded = false;
  private pendingFocus: FocusMessage | null = null;
  private focused: { label: string; request: FocusMessage } | null = null;
  /** Expand the call tree's hot path on its next model (a new profile, not a live update). */
  private expandHotPath = true;

  constructor(
    root: HTMLElement,
    private readonly api: HostApi,
  ) {
    this.state = restoreState(api.getState());
    this.title = root.dataset.title ?? null;
    this.chrome = new Chrome(root, this.state.view, this.state.search, {
      onView: (v) => this.showView(v),
      onThread: (k) => this.setThread(k),
      onSearch: (q) => this.setSearch(q),
      onOrientation: () => this.toggleOrientation(),
      onResetZoom: () => this.setZoom(0),
      onCrumb: (n) => this.setZoom(n),
      onOpenSelection: () => this.openSelection(),
      onCallersOfSelection: () => this.callersOfSelection(),
      onFramework: () => this.toggleFramework(),
    });
    this.theme = readTheme();
    this.flame = new FlameView({
      onSelect: (i) => this.select(i),
      onZoom: (i) => this.setZoom(i),
      onOpen: (i) => this.openContext(i),
      onCallers: (i) => this.showCallers(this.m!.tree.method[i]!),
      describe: (i) => this.tooltip(i),
    });
    this.flame.setOrientation(this.state.orientation);
    this.chrome.views.flame.appendChild(this.flame.el);
    const table = (id: TableViewId, label: string): TreeTable =>
      new TreeTable(label, this.state.sorts[id], {
        onSelect: (row) => this.tableSelect(id, row),
        onOpen: (row) => this.tableOpen(id, row),
        onSort: (s) => this.setSort(id, s),
        onKey: (row, e) => this.tableKey(id, row, e),
      });
    this.tables = { tree: table('tree', 'Call tree'), hot: table('hot', 'Hot methods'), callers: table('callers', 'Callers') };
    for (const id of ['tree', 'hot', 'callers'] as const) this.chrome.views[id].appendChild(this.tables[id].el);
    this.chrome.setView(this.state.view);
    this.chrome.setOrientation(this.state.orientation === 'icicle');
    this.showEmpty();
    watchTheme(() => this.refreshTheme());
    document.addEventListener('keydown', (e) => this.globalKey(e));
  }

  // ------------------------------------------------------------------ messages

  handle(msg: HostToWebview): void {
    switch (msg.type) {
      case 'profile':
        performance.mark('komorium:profile');
        // Updates arriving faster than they are shown collapse into the latest one (a `same`
        // one after a whole one not shown yet: that profile with the latest diff).
        if (this.pendingProfile === null) setTimeout(() => this.showPending(), 0);
        this.pendingProfile = msg.same && this.pendingProfile !== null && !this.pendingProfile.same ? { ...this.pendingProfile, live: msg.live, ...(msg.title !== undefined ? { title: msg.title } : {}), diff: msg.diff } : msg;
        return;
      case 'clear':
        this.pendingProfile = null;
        this.profile = null;
        this.raw = null;
        this.rawText = null;
        this.lastTree = null;
        this.diff = null;
        this.chrome.setLegend(null);
        this.chrome.setFramework(null);
        this.m = null;
        this.live = false;
        this.showEmpty();
        return;
      case 'theme':
        this.refreshTheme();
        return;
      case 'focus':
        // After the profile that may be on its way (a lens click can open the panel).
        this.pendingFocus = msg;
        if (this.pendingProfile === null) this.applyFocus();
        return;
    }
  }

  /** A code lens's method: its frames highlighted as an exact search, zoomed to when it has one context. */
  private applyFocus(): void {
    const f = this.pendingFocus;
    const m = this.m;
    if (!f || !m) return;
    this.pendingFocus = null;
    const t = focusTarget(m.profile.methods, m.tree, f);
    if (t.method < 0) {
      this.chrome.setMatch(`${f.className}.${f.methodName}: not in this profile`);
      return;
    }
    const label = qualifiedLabel(m.profile.methods[t.method]!);
    this.focused = { label, request: f };
    this.state.search = label;
    this.chrome.search.value = label;
    this.applySearch();
    this.showView('flame');
    this.pushFlame(false);
    this.setZoom(t.zoom);
    this.select(t.selected);
  }

  private showPending(): void {
    const msg = this.pendingProfile;
    this.pendingProfile = null;
    if (msg === null) return;
    let p: ProfileData;
    let reused = false;
    try {
      const shown = this.profile;
      if (msg.same && shown === null) return; // the host sends the whole profile to a page without one
      const text = typeof msg.profile === 'string' ? msg.profile : null;
      if (shown !== null && (msg.same || (text !== null && text === this.rawText))) {
        // the profile shown, again (with or without a diff): keep what was read from it
        p = shown;
        reused = true;
      } else {
        this.rawText = null;
        this.raw = text !== null ? (JSON.parse(text) as unknown) : msg.profile;
        p = this.readCurrent();
        this.rawText = text;
      }
      this.diff = asDiff(msg.diff);
    } catch (e) {
      this.showError(e instanceof ProfileError ? e.message : `Cannot read the profile: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    performance.mark('komorium:parsed', { detail: { reused } });
    const fresh = this.profile === null;
    this.profile = p;
    this.live = msg.live;
    if (msg.title !== undefined) this.title = msg.title;
    this.rebuild(fresh);
    this.applyFocus();
  }

  /** The profile to show: validated, and folded when it is a test profile and the framework's frames are hidden. */
  private readCurrent(): ProfileData {
    const p = readProfile(this.raw);
    const focus = hasFocus(this.raw as { meta?: unknown });
    this.frameworkFolded = focus && !this.showFramework;
    this.chrome.setFramework(focus ? this.showFramework : null);
    return this.frameworkFolded ? readProfile(foldFramework(this.raw as ProfileFile)) : p;
  }

  private toggleFramework(): void {
    if (this.raw === null) return;
    this.showFramework = !this.showFramework;
    try {
      this.profile = this.readCurrent();
    } catch (e) {
      this.showError(e instanceof ProfileError ? e.message : String(e));
      return;
    }
    this.rebuild(true);
  }

  private tooltip(i: number): TooltipContent {
    const m = this.m!;
    const c = frameTooltip(m.profile, m.tree, i, rootLabel(m.threadName, m.tree.total[0]!));
    return m.diff ? { ...c, rows: [...c.rows, ...diffTooltipRows(m.diff, m.tree, i)] } : c;
  }

  private showEmpty(): void {
    this.chrome.setTitle(this.title ?? 'Komorium profile', false);
    this.chrome.setThreads([{ value: ALL_THREADS, label: 'All threads' }], ALL_THREADS);
    this.chrome.setOverlay({ title: 'No profile', text: 'Run a Java program with Komorium to see its profile here.', error: false });
    this.chrome.setStatus('');
    this.chrome.setMatch('');
    this.chrome.setDetails(null);
    this.chrome.setCrumbs([]);
  }

  private showError(text: string): void {
    this.profile = null;
    this.m = null;
    this.chrome.setOverlay({ title: 'This profile cannot be shown', text, error: true });
    this.chrome.setStatus('');
    this.api.postMessage({ type: 'error', message: text });
  }

  // ------------------------------------------------------------------ model

  private threadIndices(p: ProfileData): number[] | null {
    if (this.state.thread === ALL_THREADS) return null;
    const i = p.threads.findIndex((t) => threadKey(t) === this.state.thread);
    return i < 0 ? null : [i];
  }

  /** Rebuilds the model from the current profile and thread, keeping zoom, selection and search. */
  private rebuild(fresh: boolean): void {
    const p = this.profile;
    if (!p) return;
    let sel = this.threadIndices(p);
    if (sel === null) this.state.thread = ALL_THREADS;
    this.chrome.setThreads(threadOptions(p, this.state.thread), this.state.thread);
    this.chrome.setTitle(this.title ?? (p.meta.program || 'Komorium profile'), this.live);
    this.chrome.setStatus(statusLine(p, null));
    sel ??= p.threads.map((_, i) => i);
    const samples = sel.reduce((a, i) => a + p.threads[i]!.samples, 0);
    if (samples === 0) {
      this.m = null;
      this.chrome.setOverlay({
        title: this.live ? 'Waiting for samples…' : 'No samples',
        text: this.live ? 'The program is running; the profile fills in as samples arrive.' : 'The profile has no samples (the program ended before the first sample, or the thread ran no instrumented code).',
        error: false,
      });
      this.chrome.setCrumbs([]);
      this.chrome.setDetails(null);
      return;
    }
    this.chrome.setOverlay(null);
    const threads = sel.join(',');
    const last = this.lastTree;
    const tree = last !== null && last.profile === p && last.threads === threads ? last.tree : buildTree(p, sel);
    this.lastTree = { profile: p, threads, tree };
    performance.mark('komorium:tree');
    const keys = p.methods.map(methodKey);
    const threadName = sel.length === 1 && p.threads.length > 1 ? p.threads[sel[0]!]!.name : null;
    let diff: Model['diff'] = null;
    const d = this.diff;
    if (d && sel.length === p.threads.length) {
      const match = matchDiff(p, tree, this.frameworkFolded && d.focused ? d.focused : d.all, d.baseBytecodes, d.newBytecodes);
      diff = { ...match, shade: shades(tree, match) };
    }
    this.chrome.setLegend(d ? diffLegend(d, sel.length === p.threads.length) : null);
    this.m = { profile: p, tree, keys, interner: this.interner, threadName, methodMatch: null, nodeMatch: null, totals: lazyTotals(tree, p.methods.length), diff };
    this.applySearch();
    this.zoom = resolvePath(tree, keys, this.state.zoom).node;
    this.selected = this.state.selected ? resolvePath(tree, keys, this.state.selected).node : -1;
    this.callers = null;
    if (fresh) this.expandHotPath = true;
    this.pushFlame(fresh);
    this.chrome.setStatus(statusLine(p, tree));
    this.updateCrumbs();
    this.updateDetails();
    for (const id of ['tree', 'hot', 'callers'] as const) this.dirty.add(id);
    if (this.state.view !== 'flame') this.refreshTable(this.state.view, fresh);
    performance.mark('komorium:model-ready');
  }

  private paints(p: ProfileData, keys: readonly string[]): { paints: FramePaint[]; labels: string[] } {
    const paints = p.methods.map((m, i) => {
      let f = this.paintCache.get(keys[i]!);
      if (!f) this.paintCache.set(keys[i]!, (f = framePaint(this.theme, m.className, m.name, isPlatformClass(m.className))));
      return f;
    });
    return { paints, labels: p.methods.map(shortLabel) };
  }

  private pushFlame(fresh: boolean): void {
    const m = this.m;
    if (!m) return;
    const { paints, labels } = this.paints(m.profile, m.keys);
    const th = this.theme;
    const rootFill = mix(th.foreground, th.background, 0.78);
    const rootPaint: FramePaint = { fill: toCss(rootFill), text: textOn(rootFill), dimFill: toCss(rootFill), dimText: textOn(rootFill) };
    this.flame.setData(
      {
        tree: m.tree,
        paints,
        labels,
        rootPaint,
        rootLabel: rootLabel(m.threadName, m.tree.total[0]!),
        match: m.nodeMatch,
        theme: th,
        ...(m.diff ? { shade: m.diff.shade, shadePaints: diffPaints(th, SHADE_STEPS) } : {}),
      },
      { fresh, zoom: this.zoom, selected: this.selected },
    );
  }

  private refreshTheme(): void {
    this.theme = readTheme();
    this.paintCache.clear();
    this.pushFlame(false);
  }

  private applySearch(): void {
    const m = this.m;
    if (!m) return;
    const q = this.state.search.trim();
    if (q === '') {
      m.methodMatch = null;
      m.nodeMatch = null;
      this.chrome.setMatch('');
      return;
    }
    // A focused method (applyFocus) matches exactly while the search box still shows it.
    const f = this.focused?.label === q ? focusTarget(m.profile.methods, m.tree, this.focused.request) : null;
    m.methodMatch = f && f.method >= 0 ? f.methodMatch : matchMethods(m.profile.methods, q);
    const r = searchTree(m.tree, m.methodMatch);
    m.nodeMatch = r.nodeMatch;
    this.chrome.setMatch(r.matchedContexts === 0 ? 'no match' : `matched ${pct(r.matchedSamples, m.tree.total[0]!)} · ${count(r.matchedSamples)} samples`);
  }

  // ------------------------------------------------------------------ state changes

  private save(): void {
    this.api.setState(this.state);
  }

  private showView(v: ViewId): void {
    this.state.view = v;
    this.chrome.setView(v);
    this.flame.hideTooltip();
    if (v !== 'flame') this.refreshTable(v, true);
    this.updateDetails();
    this.save();
  }

  private setThread(key: string): void {
    this.state.thread = key;
    this.save();
    this.rebuild(false);
  }

  private setSearch(q: string): void {
    this.state.search = q;
    this.save();
    if (this.searchPending) return;
    this.searchPending = true;
    requestAnimationFrame(() => {
      this.searchPending = false;
      this.applySearch();
      this.pushFlame(false);
      this.dirty.add('hot');
      this.dirty.add('callers');
      if (this.state.view === 'hot' || this.state.view === 'callers') this.refreshTable(this.state.view, false);
    });
  }

  private toggleOrientation(): void {
    this.state.orientation = this.state.orientation === 'flame' ? 'icicle' : 'flame';
    this.flame.setOrientation(this.state.orientation);
    this.chrome.setOrientation(this.state.orientation === 'icicle');
    this.save();
  }

  private setZoom(i: number): void {
    const m = this.m;
    if (!m) return;
    this.zoom = i;
    this.state.zoom = contextPath(m.tree, m.keys, i);
    this.flame.setZoom(i);
    this.updateCrumbs();
    this.save();
  }

  private select(i: number): void {
    const m = this.m;
    if (!m) return;
    this.selected = i;
    this.state.selected = i >= 0 ? contextPath(m.tree, m.keys, i) : null;
    this.flame.setSelected(i);
    this.updateDetails();
    this.save();
  }

  private setSort(id: TableViewId, s: SortState): void {
    this.state.sorts[id] = s;
    this.tables[id].setSort(s);
    this.save();
  }

  private updateCrumbs(): void {
    const m = this.m;
    if (!m) return this.chrome.setCrumbs([]);
    this.chrome.setCrumbs(
      ancestry(m.tree, this.zoom).map((n) => ({ node: n, label: n === 0 ? (m.threadName ?? 'all') : shortLabel(m.profile.methods[m.tree.method[n]!]!) })),
    );
  }

  /** The method the details line and its buttons are about (-1: none, -2: the root). */
  private selectionMethod(): number {
    const m = this.m;
    if (!m) return -1;
    const v = this.state.view;
    if (v === 'flame' || v === 'tree') return this.selected < 0 ? -1 : this.selected === 0 ? -2 : m.tree.method[this.selected]!;
    const row = this.tables[v].selectedId;
    if (row < 0) return -1;
    return v === 'hot' ? row : this.callersModel().locate(row).node.method;
  }

  private updateDetails(): void {
    const m = this.m;
    if (!m) return this.chrome.setDetails(null);
    const v = this.state.view;
    if (v === 'flame' || v === 'tree') {
      if (this.selected < 0) return this.chrome.setDetails(null);
      this.chrome.setDetails(contextDetails(m.profile, m.tree, this.selected), this.selected > 0);
      return;
    }
    const mm = this.selectionMethod();
    if (mm < 0) return this.chrome.setDetails(null);
    this.chrome.setDetails(methodDetails(m.profile, mm, m.totals.self[mm]!, m.totals.total[mm]!, m.tree.total[0]!), true);
  }

  // ------------------------------------------------------------------ tables

  private callersModel(): CallersModel {
    if (!this.callers) this.callers = new CallersModel(this.filtered());
    return this.callers;
  }

  /** View data whose method lists are restricted to the search matches, when searching. */
  private filtered(): ViewData {
    const m = this.m!;
    const match = m.methodMatch;
    if (!match) return m;
    return { ...m, totals: { ...m.totals, present: m.totals.present.filter((x) => match[x] === 1) } };
  }

  /** Gives a table its model if the data changed; `reveal` scrolls the call tree to the selection. */
  private refreshTable(id: TableViewId, reveal: boolean): void {
    const m = this.m;
    if (!m || !this.dirty.has(id)) {
      if (m && id === 'tree') this.tables.tree.select(this.selected, reveal);
      return;
    }
    this.dirty.delete(id);
    const t = this.tables[id];
    if (id === 'tree') {
      const model = new CallTreeModel(m);
      t.setModel(model, this.expandHotPath ? hotPathKeys(m.tree, model) : []);
      this.expandHotPath = false;
      if (this.selected > 0) t.select(this.selected, reveal);
    } else if (id === 'hot') {
      t.setModel(new HotMethodsModel(this.filtered()));
    } else {
      this.callers = null;
      t.setModel(this.callersModel());
    }
  }

  private tableSelect(id: TableViewId, row: number): void {
    if (id === 'tree') this.select(row);
    else this.updateDetails();
  }

  private tableOpen(id: TableViewId, row: number): void {
    const m = this.m;
    if (!m) return;
    if (id === 'tree') return this.openContext(row);
    if (id === 'hot') return this.openMethod(row, methodHotLine(m.profile, m.tree, row));
    const { node, index } = this.callersModel().locate(row);
    this.openMethod(node.method, index === 0 ? methodHotLine(m.profile, m.tree, node.method) : node.line);
  }

  private tableKey(id: TableViewId, row: number, e: KeyboardEvent): boolean {
    if ((e.key !== 'c' && e.key !== 'C') || e.ctrlKey || e.metaKey || e.altKey) return false;
    const m = this.m!;
    const method = id === 'tree' ? m.tree.method[row]! : id === 'hot' ? row : this.callersModel().locate(row).node.method;
    this.showCallers(method);
    return true;
  }

  private showCallers(method: number): void {
    if (!this.m || method < 0) return;
    this.showView('callers');
    const t = this.tables.callers;
    t.select(method, true);
    t.expand(method, true);
    this.updateDetails();
    t.focus();
  }

  // ------------------------------------------------------------------ open source

  private openMethod(method: number, line: number): void {
    const ref = this.m?.profile.methods[method];
    if (!ref) return;
    this.api.postMessage({ type: 'open', className: ref.className, methodName: ref.name, descriptor: ref.descriptor, sourceFile: ref.sourceFile, line });
  }

  private openContext(i: number): void {
    const m = this.m;
    if (!m || i <= 0) return;
    this.openMethod(m.tree.method[i]!, contextHotLine(m.profile, m.tree, i));
  }

  private openSelection(): void {
    const m = this.m;
    if (!m) return;
    const v = this.state.view;
    if (v === 'flame' || v === 'tree') return this.openContext(this.selected);
    const row = this.tables[v].selectedId;
    if (row >= 0) this.tableOpen(v, row);
  }

  private callersOfSelection(): void {
    const method = this.selectionMethod();
    if (method >= 0) this.showCallers(method);
  }

  private globalKey(e: KeyboardEvent): void {
    const target = e.target instanceof HTMLElement ? e.target : null;
    const typing = target !== null && (target.tagName === 'VSCODE-TEXT-FIELD' || target.tagName === 'INPUT');
    if (typing) {
      if (e.key === 'Escape' && this.state.search !== '') {
        this.chrome.search.value = '';
        this.setSearch('');
      } else if (e.key === 'Enter' || e.key === 'ArrowDown') {
        this.focusView();
      }
      return;
    }
    if (e.key === '/' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      this.chrome.search.focus();
    }
  }

  private focusView(): void {
    if (this.state.view === 'flame') this.flame.focus();
    else this.tables[this.state.view].focus();
  }

  /** For tests and diagnostics: the flame view's canvas and frame geometry. */
  get flameView(): FlameView {
    return this.flame;
  }

  get tree(): Tree | null {
    return this.m?.tree ?? null;
  }
}
