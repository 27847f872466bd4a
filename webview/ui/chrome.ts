// The panel around the views: title and live badge, view tabs, thread selector, search box
// with its match share, orientation and zoom buttons, the zoom breadcrumb, the details line
// of the selection, the status line, and the empty/error overlay. DOM only; no profile logic.

import { badge, button, dropdown, tabs, textField, type Button, type Dropdown, type Tabs, type TextField } from './controls';
import type { ViewId } from '../state';

export interface ChromeCallbacks {
  onView(v: ViewId): void;
  onThread(key: string): void;
  onSearch(q: string): void;
  onOrientation(): void;
  onResetZoom(): void;
  onCrumb(node: number): void;
  onOpenSelection(): void;
  onCallersOfSelection(): void;
  /** Show or fold the test framework's frames (profiles of tests). */
  onFramework?(): void;
}

export interface Crumb {
  node: number;
  label: string;
}

const VIEWS: { id: ViewId; label: string }[] = [
  { id: 'flame', label: 'Flame graph' },
  { id: 'tree', label: 'Call tree' },
  { id: 'hot', label: 'Hot methods' },
  { id: 'callers', label: 'Callers' },
];

function div(cls: string): HTMLDivElement {
  const d = document.createElement('div');
  d.className = cls;
  return d;
}

export class Chrome {
  readonly root: HTMLElement;
  readonly views: Record<ViewId, HTMLElement>;
  private readonly titleText: HTMLElement;
  private readonly live: { el: HTMLElement; set(t: string): void };
  private readonly tabs: Tabs;
  private readonly thread: Dropdown;
  readonly search: TextField;
  private readonly match: HTMLElement;
  private readonly orientation: Button;
  private readonly reset: Button;
  private readonly framework: Button;
  private readonly legend: HTMLElement;
  private readonly crumbs: HTMLElement;
  private readonly details: HTMLElement;
  private readonly detailsText: HTMLElement;
  private readonly openBtn: Button;
  private readonly callersBtn: Button;
  private readonly status: HTMLElement;
  private readonly overlay: HTMLElement;
  private readonly overlayTitle: HTMLElement;
  private readonly overlayText: HTMLElement;
  private view: ViewId;

  constructor(root: HTMLElement, view: ViewId, search: string, private readonly cb: ChromeCallbacks) {
    this.root = root;
    this.view = view;
    root.classList.add('app');
    const header = document.createElement('header');
    header.className = 'toolbar';
    const top = div('toolbar-row');
    const title = div('title');
    this.titleText = document.createElement('span');
    this.titleText.className = 'title-text';
    this.live = badge('live');
    this.live.el.classList.add('live');
    this.live.el.hidden = true;
    title.append(this.titleText, this.live.el);
    this.tabs = tabs(VIEWS, view, (id) => cb.onView(id as ViewId));
    top.append(title, this.tabs.el);

    const controls = div('toolbar-row controls');
    this.thread = dropdown('Thread', (v) => cb.onThread(v));
    this.thread.el.classList.add('thread');
    this.search = textField({ placeholder: 'Search methods', label: 'Search methods (plain text)', value: search }, (q) => cb.onSearch(q));
    this.search.el.classList.add('search');
    this.match = document.createElement('span');
    this.match.className = 'match';
    this.match.setAttribute('aria-live', 'polite');
    const grow = div('grow');
    this.orientation = button('Icicle', { title: 'Toggle icicle (root on top) / flame (root at the bottom)' }, () => cb.onOrientation());
    this.orientation.el.classList.add('orientation');
    this.reset = button('Reset zoom', { title: 'Reset zoom (Escape)' }, () => cb.onResetZoom());
    this.reset.el.classList.add('reset-zoom');
    this.framework = button('JUnit frames', { title: 'Show the test framework\'s frames (JUnit, its launcher, reflection), folded by default in profiles of tests' }, () => cb.onFramework?.());
    this.framework.el.classList.add('framework');
    this.framework.el.hidden = true;
    this.legend = document.createElement('span');
    this.legend.className = 'diff-legend';
    this.legend.hidden = true;
    const zoom = div('toolbar-group');
    zoom.append(this.framework.el, this.orientation.el, this.reset.el);
    controls.append(this.thread.el, this.search.el, this.match, this.legend, grow, zoom);
    header.append(top, controls);

    this.crumbs = document.createElement('nav');
    this.crumbs.className = 'crumbs';
    this.crumbs.setAttribute('aria-label', 'Zoom path');

    const main = document.createElement('main');
    main.className = 'views';
    const views = {} as Record<ViewId, HTMLElement>;
    for (const v of VIEWS) {
      const s = document.createElement('section');
      s.className = `view view-${v.id}`;
      s.setAttribute('aria-label', v.label);
      s.hidden = v.id !== view;
      views[v.id] = s;
      main.appendChild(s);
    }
    this.views = views;
    this.overlay = div('overlay');
    this.overlay.hidden = true;
    this.overlayTitle = document.createElement('h2');
    this.overlayText = document.createElement('p');
    this.overlay.append(this.overlayTitle, this.overlayText);
    main.appendChild(this.overlay);

    this.details = div('details');
    this.detailsText = document.createElement('span');
    this.detailsText.className = 'details-text';
    this.detailsText.setAttribute('aria-live', 'polite');
    this.openBtn = button('Open source', { title: 'Open the source at the hottest line (Enter)' }, () => cb.onOpenSelection());
    this.callersBtn = button('Callers', { title: 'Show the callers of this method (C)' }, () => cb.onCallersOfSelection());
    this.details.append(this.detailsText, this.openBtn.el, this.callersBtn.el);

    this.status = document.createElement('footer');
    this.status.className = 'status';
    root.replaceChildren(header, this.crumbs, main, this.details, this.status);
    this.setDetails(null);
  }

  private get hint(): string {
    return this.view === 'flame'
      ? 'Click a frame to zoom, Ctrl/Cmd-click to open its source. Arrow keys move, Enter opens, Space zooms, Escape resets the zoom, C shows callers.'
      : 'Double-click, Ctrl/Cmd-click or Enter opens the source. Arrow keys move and expand, C shows the callers of a method.';
  }

  setView(v: ViewId): void {
    this.view = v;
    this.tabs.setActive(v);
    for (const [id, el] of Object.entries(this.views)) el.hidden = id !== v;
    this.crumbs.hidden = v !== 'flame';
    this.orientation.el.hidden = v !== 'flame';
    this.reset.el.hidden = v !== 'flame';
  }

  setTitle(title: string, live: boolean): void {
    this.titleText.textContent = title;
    this.titleText.title = title;
    this.live.el.hidden = !live;
  }

  setThreads(options: readonly { value: string; label: string }[], selected: string): void {
    this.thread.setOptions(options, selected);
  }

  setMatch(text: string): void {
    this.match.textContent = text;
  }

  setOrientation(icicle: boolean): void {
    this.orientation.setLabel(icicle ? 'Flame' : 'Icicle');
    this.orientation.setPressed(icicle);
  }

  setCrumbs(crumbs: readonly Crumb[]): void {
    this.reset.setDisabled(crumbs.length <= 1);
    const max = 8;
    const shown: (Crumb | null)[] = crumbs.length > max ? [...crumbs.slice(0, 2), null, ...crumbs.slice(crumbs.length - (max - 3))] : [...crumbs];
    const parts: HTMLElement[] = [];
    shown.forEach((c, k) => {
      if (k > 0) {
        const sep = document.createElement('span');
        sep.className = 'crumb-sep';
        sep.textContent = '›';
        parts.push(sep);
      }
      if (c === null) {
        const gap = document.createElement('span');
        gap.className = 'crumb-gap';
        gap.textContent = '…';
        parts.push(gap);
        return;
      }
      const b = document.createElement('button');
      b.className = 'crumb';
      b.textContent = c.label;
      b.title = k === shown.length - 1 ? 'Zoomed frame' : `Zoom out to ${c.label}`;
      if (k === shown.length - 1) b.setAttribute('aria-current', 'true');
      b.addEventListener('click', () => this.cb.onCrumb(c.node));
      parts.push(b);
    });
    this.crumbs.replaceChildren(...parts);
  }

  /** The selection's one-line description; null shows how to use the current view and hides the buttons. */
  setDetails(text: string | null, canOpen = false): void {
    this.detailsText.textContent = text ?? this.hint;
    this.detailsText.classList.toggle('hint', text === null);
    this.openBtn.el.hidden = text === null || !canOpen;
    this.callersBtn.el.hidden = text === null;
  }

  /** The framework-frames toggle: null hides it (not a profile of tests); true = frames shown. */
  setFramework(shown: boolean | null): void {
    this.framework.el.hidden = shown === null;
    if (shown !== null) this.framework.setPressed(shown);
  }

  /** The differential view's legend (null: not comparing). */
  setLegend(legend: { text: string; title: string } | null): void {
    this.legend.hidden = legend === null;
    this.legend.replaceChildren();
    if (!legend) return;
    const sw = (cls: string, label: string) => {
      const s = document.createElement('span');
      s.className = `swatch ${cls}`;
      s.textContent = label;
      return s;
    };
    const text = document.createElement('span');
    text.textContent = legend.text;
    this.legend.title = legend.title;
    this.legend.append(sw('grew', 'grew'), sw('shrank', 'shrank'), text);
  }

  setStatus(text: string): void {
    this.status.textContent = text;
  }

  /** Shows a message over the views (empty profile, invalid profile); null hides it. */
  setOverlay(msg: { title: string; text: string; error: boolean } | null): void {
    this.overlay.hidden = msg === null;
    this.root.classList.toggle('has-overlay', msg !== null);
    if (!msg) return;
    this.overlay.classList.toggle('error', msg.error);
    this.overlay.setAttribute('role', msg.error ? 'alert' : 'status');
    this.overlayTitle.textContent = msg.title;
    this.overlayText.textContent = msg.text;
  }
}
