// Drives the built webview in Debian's Chromium through playwright-core: the page is the real
// HTML from webview/host.ts (with its CSP), served from a fake origin by request routing, with
// a stubbed acquireVsCodeApi that records posted messages and keeps the state.

import { after, before } from 'node:test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { renderWebviewHtml } from '../../../webview/host';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const CHROMIUM = '/usr/bin/chromium';
const ORIGIN = 'https://komorium.test';
const NONCE = 'dGVzdC1ub25jZS0xMjM0NTY3OA==';

let bundleDir: string | null = null;

/** Builds the webview bundle once per process into a temporary directory. */
export async function buildBundle(): Promise<string> {
  if (bundleDir) return bundleDir;
  const dir = mkdtempSync(join(tmpdir(), 'komorium-webview-'));
  const mod = (await import(pathToFileURL(join(ROOT, 'scripts', 'build-webview.mjs')).href)) as { buildPart(root: string, outdir?: string): Promise<void> };
  await mod.buildPart(ROOT, dir);
  bundleDir = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Launches Chromium; fails (does not skip) when it is missing. */
/** Chromium for the calling test file: launched before its tests, closed after them. */
export function sharedBrowser(): () => Browser {
  let b: Browser | undefined;
  before(async () => {
    b = await launch();
  });
  after(async () => {
    await b?.close();
  });
  return () => {
    if (!b) throw new Error('Chromium is not launched yet (sharedBrowser() registers a before hook)');
    return b;
  };
}

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: the webview tests need it. Install it with 'apt-get install -y chromium' (CI does).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

export type ThemeName = 'dark' | 'light';

/** A subset of the variables VS Code defines (Dark Modern / Light Modern). */
export const THEMES: Record<ThemeName, Record<string, string>> = {
  dark: {
    'editor-background': '#1f1f1f',
    'editor-foreground': '#cccccc',
    foreground: '#cccccc',
    descriptionForeground: '#9d9d9d',
    'charts-red': '#f14c4c',
    'charts-orange': '#d18616',
    'charts-yellow': '#cca700',
    'charts-blue': '#3794ff',
    'charts-purple': '#b180d7',
    'charts-green': '#89d185',
    focusBorder: '#0078d4',
    'panel-border': '#2b2b2b',
    'list-hoverBackground': '#2a2d2e',
    'list-activeSelectionBackground': '#04395e',
    'list-activeSelectionForeground': '#ffffff',
    'list-inactiveSelectionBackground': '#37373d',
    'button-background': '#0078d4',
    'button-foreground': '#ffffff',
    'button-secondaryBackground': '#313131',
    'button-secondaryForeground': '#cccccc',
    'button-secondaryHoverBackground': '#3c3c3c',
    'input-background': '#313131',
    'input-foreground': '#cccccc',
    'input-border': '#3c3c3c',
    'input-placeholderForeground': '#989898',
    'dropdown-background': '#313131',
    'dropdown-foreground': '#cccccc',
    'dropdown-border': '#3c3c3c',
    'panelTitle-activeForeground': '#cccccc',
    'panelTitle-activeBorder': '#0078d4',
    'panelTitle-inactiveForeground': '#9d9d9d',
    'badge-background': '#616161',
    'badge-foreground': '#f8f8f8',
    'textLink-foreground': '#4daafc',
    'editorHoverWidget-background': '#202020',
    'editorHoverWidget-foreground': '#cccccc',
    'editorHoverWidget-border': '#454545',
    'errorForeground': '#f85149',
    'font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif',
    'font-size': '13px',
    'editor-font-family': '"DejaVu Sans Mono", "Droid Sans Mono", monospace',
  },
  light: {
    'editor-background': '#ffffff',
    'editor-foreground': '#3b3b3b',
    foreground: '#3b3b3b',
    descriptionForeground: '#6f6f6f',
    'charts-red': '#e51400',
    'charts-orange': '#d18616',
    'charts-yellow': '#bf8803',
    'charts-blue': '#1a85ff',
    'charts-purple': '#652d90',
    'charts-green': '#388a34',
    focusBorder: '#005fb8',
    'panel-border': '#e5e5e5',
    'list-hoverBackground': '#f2f2f2',
    'list-activeSelectionBackground': '#e8e8e8',
    'list-activeSelectionForeground': '#000000',
    'list-inactiveSelectionBackground': '#e4e6f1',
    'button-background': '#005fb8',
    'button-foreground': '#ffffff',
    'button-secondaryBackground': '#e5e5e5',
    'button-secondaryForeground': '#3b3b3b',
    'button-secondaryHoverBackground': '#cccccc',
    'input-background': '#ffffff',
    'input-foreground': '#3b3b3b',
    'input-border': '#cecece',
    'input-placeholderForeground': '#767676',
    'dropdown-background': '#ffffff',
    'dropdown-foreground': '#3b3b3b',
    'dropdown-border': '#cecece',
    'panelTitle-activeForeground': '#3b3b3b',
    'panelTitle-activeBorder': '#005fb8',
    'panelTitle-inactiveForeground': '#3b3b3b',
    'badge-background': '#cccccc',
    'badge-foreground': '#3b3b3b',
    'textLink-foreground': '#005fb8',
    'editorHoverWidget-background': '#f8f8f8',
    'editorHoverWidget-foreground': '#3b3b3b',
    'editorHoverWidget-border': '#c8c8c8',
    'errorForeground': '#e51400',
    'font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif',
    'font-size': '13px',
    'editor-font-family': '"DejaVu Sans Mono", "Droid Sans Mono", monospace',
  },
};

export interface PanelOptions {
  theme?: ThemeName;
  width?: number;
  height?: number;
  deviceScaleFactor?: number;
  /** Initial getState() value (a panel shown again). */
  state?: unknown;
  title?: string;
}

export interface Panel {
  page: Page;
  /** Messages the webview posted to the host so far. */
  posted(): Promise<unknown[]>;
  /** The state last given to setState. */
  state(): Promise<unknown>;
  /** Posts a host → webview message (through window.postMessage, as VS Code does). */
  post(msg: unknown): Promise<void>;
  /** Waits until pending work is handled and a frame painted (two animation frames). */
  settle(): Promise<void>;
  /** Evaluates a JavaScript expression in the page. */
  eval<T>(js: string): Promise<T>;
  /** CSP violations and page errors seen so far. */
  problems(): string[];
  close(): Promise<void>;
}

function themeStyle(theme: ThemeName): string {
  const vars = Object.entries(THEMES[theme])
    .map(([k, v]) => `--vscode-${k}: ${v};`)
    .join(' ');
  return `<style nonce="${NONCE}">:root { ${vars} }</style>`;
}

export async function openPanel(browser: Browser, o: PanelOptions = {}): Promise<Panel> {
  const dir = await buildBundle();
  const theme = o.theme ?? 'dark';
  const context = await browser.newContext({
    viewport: { width: o.width ?? 1000, height: o.height ?? 640 },
    deviceScaleFactor: o.deviceScaleFactor ?? 1,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  const html = renderWebviewHtml({
    scriptUri: `${ORIGIN}/main.js`,
    styleUri: `${ORIGIN}/main.css`,
    cspSource: ORIGIN,
    nonce: NONCE,
    title: o.title ?? 'Profile',
  })
    .replace('</head>', `${themeStyle(theme)}\n</head>`)
    .replace('<body>', `<body class="vscode-${theme}">`);
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/' || url.pathname === '/index.html') return route.fulfill({ status: 200, contentType: 'text/html', body: html });
    const file = join(dir, url.pathname.slice(1));
    if (!existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/json';
    return route.fulfill({ status: 200, contentType: type, body: readFileSync(file) });
  });
  await page.addInitScript({ content: stubScript(o.state ?? null) });
  // Let messages be handled and a frame be painted.
  const settle = async (): Promise<void> => {
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  };
  await page.goto(`${ORIGIN}/index.html`);
  await page.waitForFunction('document.querySelector(".flame-canvas") !== null');
  return {
    page,
    posted: () => page.evaluate('window.__posted') as Promise<unknown[]>,
    state: () => page.evaluate('window.__state()'),
    post: async (msg) => {
      await page.evaluate((m) => (globalThis as unknown as { postMessage(m: unknown, origin: string): void }).postMessage(m, '*'), msg);
      await settle();
    },
    settle,
    eval: <T>(js: string) => page.evaluate(js) as Promise<T>,
    problems: () => problems,
    close: () => context.close(),
  };
}

/** The stand-in for VS Code's acquireVsCodeApi, plus a CSP violation recorder. */
function stubScript(initialState: unknown): string {
  return `(() => {
    const posted = [];
    let state = ${JSON.stringify(initialState)};
    let acquired = false;
    window.__posted = posted;
    window.__state = () => state;
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber + ' ' + e.sample));
    window.acquireVsCodeApi = () => {
      if (acquired) throw new Error('acquireVsCodeApi called twice');
      acquired = true;
      return {
        postMessage: (m) => posted.push(JSON.parse(JSON.stringify(m))),
        getState: () => state,
        setState: (s) => { state = JSON.parse(JSON.stringify(s)); },
      };
    };
  })();`;
}

/** CSP violations recorded in the page. */
export async function cspViolations(p: Panel): Promise<string[]> {
  return p.eval<string[]>('window.__csp');
}

/** RGB of the canvas pixel at CSS coordinates (x, y) of the flame canvas. */
export async function pixel(p: Panel, x: number, y: number): Promise<[number, number, number]> {
  return p.eval<[number, number, number]>(`(() => {
    const c = document.querySelector('.flame-canvas');
    const s = c.width / c.getBoundingClientRect().width;
    const d = c.getContext('2d').getImageData(Math.floor(${x} * s), Math.floor(${y} * s), 1, 1).data;
    return [d[0], d[1], d[2]];
  })()`);
}

export interface CanvasBox {
  left: number;
  top: number;
  width: number;
  height: number;
  frames: number;
  backingWidth: number;
}

export async function canvasBox(p: Panel): Promise<CanvasBox> {
  return p.eval<CanvasBox>(`(() => {
    const c = document.querySelector('.flame-canvas');
    const r = c.getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width, height: r.height, frames: Number(c.dataset.frames || 0), backingWidth: c.width };
  })()`);
}

export function hexToRgb(h: string): [number, number, number] {
  return [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
}

export function near(a: readonly number[], b: readonly number[], tol = 3): boolean {
  return a.length === b.length && a.every((x, i) => Math.abs(x - b[i]!) <= tol);
}
