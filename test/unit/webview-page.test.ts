// The webview as a page in Chromium (playwright-core): the real HTML and CSP from host.ts, the
// built bundle, a stubbed acquireVsCodeApi. Checks the canvas pixels where the profile's
// frames must be, hit testing and the `open` messages, zoom, search, keyboard navigation, the
// table views, the thread selector, live updates, state restore, errors, and takes screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ProfileBuilder } from '../../server/src/profile/builder';
import type { ProfileFile } from '../../server/src/profile/schema';
import { framePaint, parseColor, type Rgb, type ThemeColors, DEFAULT_THEME } from '../../webview/flame/colors';
import { canvasBox, cspViolations, hexToRgb, sharedBrowser, near, openPanel, pixel, ROOT, THEMES, type Panel, type ThemeName } from './webview/page';

const browser = sharedBrowser();

const MAIN = 'demo.Main.main([Ljava/lang/String;)V';
const WORK = 'demo.Main.work(I)I';
const SQ = 'demo.Util.sq(I)I';
const GET = 'java.util.ArrayList.get(I)Ljava/lang/Object;';

/**
 * 100 samples. main thread (80): main self 10; main → work:12 (30 self at lines 30/31) →
 * sq:35 (20); main → ArrayList.get:14 (20). pool-1 (20): Worker.run → work:40 (20).
 */
function profile(extra = 0): ProfileFile {
  const b = new ProfileBuilder({ granularity: 1000, program: 'demo.Main', engine: 'hotspot', jdk: '17' })
    .sample([MAIN], { line: 9, count: 10 })
    .sample([MAIN, `${WORK}:12`], { line: 30, count: 20 })
    .sample([MAIN, `${WORK}:12`], { line: 31, count: 10 })
    .sample([MAIN, `${WORK}:12`, `${SQ}:35`], { line: 3, count: 20 })
    .sample([MAIN, `${GET}:14`], { line: 0, count: 20 })
    .sample(['demo.Worker.run()V', `${WORK}:40`], { thread: 'pool-1', line: 30, count: 20 });
  if (extra > 0) b.sample(['demo.Aaa.first()V'], { thread: 'aaa', count: extra });
  return b.toFile();
}

function themeColors(name: ThemeName): ThemeColors {
  const v = THEMES[name];
  const c = (k: string): Rgb => parseColor(v[k]!)!;
  return { ...DEFAULT_THEME, background: c('editor-background'), foreground: c('editor-foreground'), red: c('charts-red'), orange: c('charts-orange'), yellow: c('charts-yellow'), blue: c('charts-blue'), purple: c('charts-purple'), focus: c('focusBorder') };
}

function expectedFill(theme: ThemeName, frame: string, dim = false): [number, number, number] {
  const paren = frame.indexOf('(');
  const dot = frame.lastIndexOf('.', paren);
  const cls = frame.slice(0, dot);
  const p = framePaint(themeColors(theme), cls, frame.slice(dot + 1, paren), cls.startsWith('java.'));
  return hexToRgb(dim ? p.dimFill : p.fill);
}

/** Frame geometry for the test profile: [x0, x1) as a share of the root, and depth. */
const FRAMES = {
  root: { x0: 0, x1: 1, depth: 0 },
  main: { x0: 0, x1: 0.8, depth: 1 },
  run: { x0: 0.8, x1: 1, depth: 1 },
  work: { x0: 0, x1: 0.5, depth: 2 },
  get: { x0: 0.5, x1: 0.7, depth: 2 },
  workInPool: { x0: 0.8, x1: 1, depth: 2 },
  sq: { x0: 0, x1: 0.2, depth: 3 },
};
type FrameName = keyof typeof FRAMES;

interface Where {
  /** Page coordinates of the frame's centre. */
  cx: number;
  cy: number;
  /** Canvas coordinates of a point inside the fill, clear of the label. */
  fx: number;
  fy: number;
}

async function where(p: Panel, f: FrameName, o: { orientation?: 'flame' | 'icicle'; zoom?: FrameName } = {}): Promise<Where> {
  const box = await canvasBox(p);
  const g = FRAMES[f];
  const z = FRAMES[o.zoom ?? 'root'];
  const inZoom = g.depth < z.depth ? { x0: 0, x1: 1 } : { x0: (g.x0 - z.x0) / (z.x1 - z.x0), x1: (g.x1 - z.x0) / (z.x1 - z.x0) };
  const top = (o.orientation ?? 'flame') === 'flame' ? box.height - (g.depth + 1) * 18 : g.depth * 18;
  const x0 = inZoom.x0 * box.width;
  const x1 = inZoom.x1 * box.width;
  return { cx: box.left + (x0 + x1) / 2, cy: box.top + top + 9, fx: x0 + 1.5, fy: top + 1.5 };
}

async function fillAt(p: Panel, f: FrameName, o: { orientation?: 'flame' | 'icicle'; zoom?: FrameName } = {}): Promise<[number, number, number]> {
  const w = await where(p, f, o);
  return pixel(p, w.fx, w.fy);
}

/** Clicks with a modifier held (page.mouse.click has no modifiers option). */
async function clickWith(p: Panel, key: 'Control' | 'Meta', x: number, y: number): Promise<void> {
  await p.page.keyboard.down(key);
  await p.page.mouse.click(x, y);
  await p.page.keyboard.up(key);
}

async function crumbs(p: Panel): Promise<string[]> {
  return p.eval<string[]>(`[...document.querySelectorAll('.crumbs .crumb')].map((b) => b.textContent)`);
}

async function opens(p: Panel): Promise<unknown[]> {
  return (await p.posted()).filter((m) => (m as { type: string }).type === 'open');
}

async function loaded(theme: ThemeName = 'dark', o: { width?: number; height?: number; state?: unknown } = {}): Promise<Panel> {
  const p = await openPanel(browser(), { theme, ...o });
  await p.post({ type: 'profile', profile: profile(), live: false, title: 'Demo run' });
  return p;
}

test('loads, says ready once, draws each frame where the layout puts it, within the CSP', async () => {
  const p = await openPanel(browser());
  assert.deepEqual(await p.posted(), [{ type: 'ready' }]);
  assert.match(await p.eval<string>(`document.querySelector('.overlay').textContent`), /No profile/);
  await p.post({ type: 'profile', profile: profile(), live: false, title: 'Demo run' });
  const box = await canvasBox(p);
  assert.equal(box.frames, 7, 'root, main, run, work, get, work (pool), sq');
  assert.equal(box.backingWidth, box.width);
  for (const f of ['main', 'run', 'work', 'get', 'workInPool', 'sq'] as const) {
    const name = { main: MAIN, run: 'demo.Worker.run()V', work: WORK, get: GET, workInPool: WORK, sq: SQ }[f];
    assert.ok(near(await fillAt(p, f), expectedFill('dark', name)), `${f} at its place has its colour: ${await fillAt(p, f)} vs ${expectedFill('dark', name)}`);
  }
  // main's own samples (70%..80%) leave a gap above it: background there.
  const bg = hexToRgb(THEMES.dark['editor-background']!);
  const w = await where(p, 'get');
  assert.ok(near(await pixel(p, 0.75 * box.width, w.fy), bg), 'self gap is background');
  assert.ok(near(await pixel(p, 5, 5), bg), 'empty rows are background');
  assert.equal(await p.eval<string>(`document.querySelector('.title-text').textContent`), 'Demo run');
  assert.match(await p.eval<string>(`document.querySelector('.status').textContent`), /HotSpot · app only · JDK 17 · every 1,000 bytecodes · 100 samples/);
  assert.deepEqual(await cspViolations(p), []);
  assert.deepEqual(p.problems(), []);
  await p.close();
});

test('hover shows a tooltip; Ctrl-click opens the source at the hottest line; click zooms, Escape resets', async () => {
  const p = await loaded();
  const work = await where(p, 'work');
  await p.page.mouse.move(work.cx, work.cy);
  await p.page.waitForSelector('.tooltip:not([hidden])');
  const tip = await p.eval<string>(`document.querySelector('.tooltip').textContent`);
  assert.match(tip, /Main\.work/);
  assert.match(tip, /demo\.Main/);
  assert.match(tip, /work\(int\)/);
  assert.match(tip, /Total50\.0% \(95% CI 40\.4–59\.6%, 50 of 100 samples\)/);
  assert.match(tip, /Self30\.0% \(95% CI 21\.9–39\.6%, 30 of 100 samples\)/);
  assert.match(tip, /line 12 of the caller/);

  await clickWith(p, 'Control', work.cx, work.cy);
  // work in main: line 30 has 20 own samples, line 31 10, line 35 calls sq (20): 30 and 35 tie, the lower wins.
  assert.deepEqual(await opens(p), [{ type: 'open', className: 'demo.Main', methodName: 'work', descriptor: '(I)I', sourceFile: 'Main.java', line: 30 }]);
  const main = await where(p, 'main');
  await clickWith(p, 'Meta', main.cx, main.cy);
  const o = (await opens(p))[1] as { methodName: string; line: number };
  assert.deepEqual([o.methodName, o.line], ['main', 12], 'main: calls work from 12 (50 samples)');
  const get = await where(p, 'get');
  await clickWith(p, 'Control', get.cx, get.cy);
  const g = (await opens(p))[2] as { className: string; sourceFile: string | null; line: number };
  assert.deepEqual([g.className, g.line], ['java.util.ArrayList', 0], 'no known line: 0');

  // Plain click zooms into work: it spans the width, get is gone, the breadcrumb shows the path.
  await p.page.mouse.click(work.cx, work.cy);
  await p.settle();
  assert.equal((await opens(p)).length, 3, 'a plain click does not open');
  assert.deepEqual(await crumbs(p), ['all', 'Main.main', 'Main.work']);
  const box = await canvasBox(p);
  const sqZoomed = await where(p, 'sq', { zoom: 'work' });
  assert.ok(near(await fillAt(p, 'sq', { zoom: 'work' }), expectedFill('dark', SQ)));
  assert.ok(Math.abs(sqZoomed.cx - box.left - 0.2 * box.width) < 1, 'sq is 40% of work');
  // (Inside the selection outline, which covers the frame's edges.)
  assert.ok(near(await pixel(p, box.width - 8, (await where(p, 'work')).fy + 3), expectedFill('dark', WORK)), 'work spans the width');
  assert.equal(box.frames, 4, 'root, main, work, sq');
  await p.page.keyboard.press('Escape');
  await p.settle();
  assert.deepEqual(await crumbs(p), ['all']);
  assert.equal((await canvasBox(p)).frames, 7);
  // Zoom through the breadcrumb: zoom into sq, then click "Main.main".
  const sq = await where(p, 'sq');
  await p.page.mouse.click(sq.cx, sq.cy);
  await p.settle();
  assert.deepEqual(await crumbs(p), ['all', 'Main.main', 'Main.work', 'Util.sq']);
  await p.page.click('.crumb:text("Main.main")');
  await p.settle();
  assert.deepEqual(await crumbs(p), ['all', 'Main.main']);
  await p.page.click('vscode-button.reset-zoom');
  await p.settle();
  assert.deepEqual(await crumbs(p), ['all']);
  await p.close();
});

test('search highlights matching frames, dims the rest, and reports the matched share (plain text)', async () => {
  const p = await loaded();
  await p.page.locator('vscode-text-field.search input').fill('Main.work');
  await p.settle();
  // work appears in both threads: 50 + 20 of 100 samples.
  assert.match(await p.eval<string>(`document.querySelector('.match').textContent`), /matched 70\.0% · 70 samples/);
  assert.ok(near(await fillAt(p, 'work'), expectedFill('dark', WORK)));
  assert.ok(near(await fillAt(p, 'workInPool'), expectedFill('dark', WORK)));
  assert.ok(near(await fillAt(p, 'get'), expectedFill('dark', GET, true)), 'non-matching frames are dimmed');
  assert.ok(near(await fillAt(p, 'sq'), expectedFill('dark', SQ, true)));
  await p.page.locator('vscode-text-field.search input').fill('SQ');
  await p.settle();
  assert.match(await p.eval<string>(`document.querySelector('.match').textContent`), /matched 20\.0%/);
  await p.page.locator('vscode-text-field.search input').fill('.*');
  await p.settle();
  assert.equal(await p.eval<string>(`document.querySelector('.match').textContent`), 'no match');
  assert.ok(near(await fillAt(p, 'main'), expectedFill('dark', MAIN, true)));
  // Escape in the field clears the search.
  await p.page.locator('vscode-text-field.search input').press('Escape');
  await p.settle();
  assert.equal(await p.eval<string>(`document.querySelector('.match').textContent`), '');
  assert.ok(near(await fillAt(p, 'main'), expectedFill('dark', MAIN)));
  assert.deepEqual(p.problems(), []);
  await p.close();
});

test('keyboard: arrows move between callers, callees and neighbours; Enter opens; Space zooms; Escape resets', async () => {
  const p = await loaded();
  await p.page.focus('.flame-canvas');
  const details = (): Promise<string> => p.eval<string>(`document.querySelector('.details-text').textContent`);
  await p.page.keyboard.press('ArrowUp'); // nothing selected: the zoomed frame (root)
  assert.match(await details(), /^All samples/);
  await p.page.keyboard.press('ArrowUp'); // flame orientation: up = towards callees, the widest
  assert.match(await details(), /^demo\.Main\.main/);
  await p.page.keyboard.press('ArrowUp');
  assert.match(await details(), /^demo\.Main\.work\(int\)/);
  await p.page.keyboard.press('ArrowRight');
  assert.match(await details(), /^java\.util\.ArrayList\.get/);
  await p.page.keyboard.press('ArrowRight'); // across parents: work in pool-1
  assert.match(await details(), /^demo\.Main\.work\(int\) · total 20\.0%/);
  await p.page.keyboard.press('ArrowLeft');
  await p.page.keyboard.press('ArrowLeft');
  await p.page.keyboard.press('ArrowUp');
  assert.match(await details(), /^demo\.Util\.sq/);
  await p.settle();
  // The selection is outlined in the focus colour.
  const sq = await where(p, 'sq');
  assert.ok(near(await pixel(p, sq.fx - 0.5, sq.fy), hexToRgb(THEMES.dark.focusBorder!), 40), 'selection outline');
  await p.page.keyboard.press('Enter');
  assert.deepEqual(await opens(p), [{ type: 'open', className: 'demo.Util', methodName: 'sq', descriptor: '(I)I', sourceFile: 'Util.java', line: 3 }]);
  await p.page.keyboard.press('ArrowDown');
  await p.page.keyboard.press(' ');
  await p.settle();
  assert.deepEqual(await crumbs(p), ['all', 'Main.main', 'Main.work']);
  await p.page.keyboard.press('Escape');
  await p.settle();
  assert.deepEqual(await crumbs(p), ['all']);
  await p.page.keyboard.press('Escape');
  assert.match(await details(), /Click a frame to zoom/);
  await p.close();
});

async function rows(p: Panel, view: string): Promise<{ label: string; cells: string[]; level: string | null }[]> {
  return p.eval(`[...document.querySelectorAll('.view-${view} .table-row')]
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
    .map((r) => ({ label: r.querySelector('.label-text').textContent, cells: [...r.querySelectorAll('.table-cell.numeric')].map((c) => c.textContent), level: r.getAttribute('aria-level') }))`);
}

test('call tree, hot methods and callers views: values, sorting, expansion, keys, open', async () => {
  const p = await loaded();
  await p.page.click('vscode-panel-tab#tab-tree');
  await p.settle();
  let r = await rows(p, 'tree');
  // Root's children sorted by total; the hot path (>= 5%) is expanded.
  assert.deepEqual(
    r.map((x) => [x.label, x.level, x.cells[0]]),
    [
      ['Main.main', '1', '80.0%'],
      ['Main.work', '2', '50.0%'],
      ['Util.sq', '3', '20.0%'],
      ['ArrayList.get', '2', '20.0%'],
      ['Worker.run', '1', '20.0%'],
    ],
  );
  assert.deepEqual(r[1]!.cells, ['50.0%', '30.0%', '50', '30', '50.0 k']);
  // Sort by self samples (descending): main (10) before run (0); in main, work (30) before get (20); the header says so.
  await p.page.click('.view-tree .table-head[data-col="self"]');
  r = await rows(p, 'tree');
  assert.deepEqual(r.map((x) => x.label), ['Main.main', 'Main.work', 'Util.sq', 'ArrayList.get', 'Worker.run']);
  assert.equal(await p.eval<string>(`document.querySelector('.view-tree .table-head[data-col="self"]').getAttribute('aria-sort')`), 'descending');
  await p.page.click('.view-tree .table-head[data-col="total"]');
  await p.page.click('.view-tree .table-head[data-col="total"]'); // ascending
  r = await rows(p, 'tree');
  assert.deepEqual(r.map((x) => x.label)[0], 'Worker.run');
  // Keyboard: select the first row, expand it, go down, open with Enter.
  await p.page.click('.view-tree .table-row[data-index="0"]');
  await p.page.keyboard.press('ArrowRight');
  await p.page.keyboard.press('ArrowRight');
  await p.page.keyboard.press('Enter');
  assert.deepEqual(await opens(p), [{ type: 'open', className: 'demo.Main', methodName: 'work', descriptor: '(I)I', sourceFile: 'Main.java', line: 30 }]);
  await p.page.keyboard.press('ArrowLeft');
  await p.page.keyboard.press('ArrowLeft');
  assert.equal((await rows(p, 'tree')).length, 5, 'Worker.run collapsed: run, main, get, work, sq');
  assert.equal(await p.eval<string>(`document.querySelector('.view-tree .table-row[data-index="0"]').getAttribute('aria-expanded')`), 'false');

  await p.page.click('vscode-panel-tab#tab-hot');
  await p.settle();
  r = await rows(p, 'hot');
  assert.deepEqual(
    r.map((x) => [x.label, x.cells[0], x.cells[3]]),
    [
      ['Main.work', '50.0%', '70'],
      ['ArrayList.get', '20.0%', '20'],
      ['Util.sq', '20.0%', '20'],
      ['Main.main', '10.0%', '80'],
      ['Worker.run', '0%', '20'],
    ],
  );
  await p.page.click('.view-hot .table-head[data-col="total"]');
  r = await rows(p, 'hot');
  assert.deepEqual(r.map((x) => x.label)[0], 'Main.main');
  await p.page.dblclick('.view-hot .table-row[data-index="1"]');
  const o = (await opens(p))[1] as { methodName: string; line: number };
  assert.deepEqual([o.methodName, o.line], ['work', 30], 'hottest line of work over all contexts');
  // C on a hot method shows its callers, expanded.
  await p.page.keyboard.press('c');
  await p.settle();
  assert.equal(await p.eval<string>(`document.querySelector('vscode-panels').getAttribute('activeid')`), 'tab-callers');
  r = await rows(p, 'callers');
  const at = r.findIndex((x) => x.label === 'Main.work');
  assert.deepEqual(
    r.slice(at, at + 3).map((x) => [x.label, x.level, x.cells[3]]),
    [
      ['Main.work', '1', '70'],
      ['Main.main', '2', '50'],
      ['Worker.run', '2', '20'],
    ],
  );
  await p.page.keyboard.press('ArrowDown');
  await p.page.keyboard.press('Enter');
  const c = (await opens(p))[2] as { methodName: string; line: number };
  assert.deepEqual([c.methodName, c.line], ['main', 12], 'a caller opens at its call line');
  assert.deepEqual(p.problems(), []);
  await p.close();
});

test('thread selector: one thread or all merged', async () => {
  const p = await loaded();
  const options = await p.eval<string[]>(`[...document.querySelectorAll('vscode-dropdown.thread vscode-option')].map((o) => o.textContent)`);
  assert.deepEqual(options, ['All threads (2)', 'main — 80.0%', 'pool-1 — 20.0%']);
  await p.page.click('vscode-dropdown.thread');
  await p.page.click('vscode-option:text("pool-1 — 20.0%")');
  await p.settle();
  const box = await canvasBox(p);
  assert.equal(box.frames, 3, 'root, run, work');
  // run now spans the width.
  const top = box.height - 2 * 18 + 1.5;
  assert.ok(near(await pixel(p, 2, top), expectedFill('dark', 'demo.Worker.run()V')));
  assert.ok(near(await pixel(p, box.width - 3, top), expectedFill('dark', 'demo.Worker.run()V')));
  assert.equal((await p.state() as { thread: string }).thread, 'pool-1#0');
  await p.page.click('vscode-dropdown.thread');
  await p.page.click('vscode-option:text("All threads (2)")');
  await p.settle();
  assert.equal((await canvasBox(p)).frames, 7);
  await p.close();
});

test('live updates keep zoom, selection and search; the state survives hide/show', async () => {
  const p = await openPanel(browser());
  await p.post({ type: 'profile', profile: profile(), live: true });
  assert.equal(await p.eval<boolean>(`!document.querySelector('.live').hidden`), true);
  const work = await where(p, 'work');
  await p.page.mouse.click(work.cx, work.cy);
  await p.page.locator('vscode-text-field.search input').fill('sq');
  await p.settle();
  // A later snapshot: a new thread sorted first (method indices shift), more samples.
  await p.post({ type: 'profile', profile: profile(25), live: true });
  assert.deepEqual(await crumbs(p), ['all', 'Main.main', 'Main.work'], 'zoom kept');
  assert.match(await p.eval<string>(`document.querySelector('.details-text').textContent`), /^demo\.Main\.work\(int\) · total 40\.0% \(50\)/, 'selection kept, shares updated');
  assert.match(await p.eval<string>(`document.querySelector('.match').textContent`), /matched 16\.0% · 20 samples/);
  assert.ok(near(await fillAt(p, 'sq', { zoom: 'work' }), expectedFill('dark', SQ)));
  // Ten updates in a row stay smooth and keep the view.
  const t0 = Date.now();
  for (let k = 0; k < 10; k++) await p.post({ type: 'profile', profile: profile(26 + k), live: true });
  assert.ok(Date.now() - t0 < 10000);
  assert.deepEqual(await crumbs(p), ['all', 'Main.main', 'Main.work']);
  // A burst of updates faster than they can be shown: only the latest is read and drawn.
  const parsedBefore = await p.eval<number>(`performance.getEntriesByName('komorium:parsed').length`);
  await p.page.evaluate((list) => {
    for (const profile of list) (globalThis as unknown as { postMessage(m: unknown, o: string): void }).postMessage({ type: 'profile', profile, live: true }, '*');
  }, [profile(50), profile(60), profile(70)]);
  await p.settle();
  assert.equal(await p.eval<number>(`performance.getEntriesByName('komorium:parsed').length`), parsedBefore + 1);
  assert.match(await p.eval<string>(`document.querySelector('.status').textContent`), /· 170 samples ·/);
  await p.post({ type: 'profile', profile: profile(40), live: false });
  assert.equal(await p.eval<boolean>(`document.querySelector('.live').hidden`), true);
  await p.page.click('vscode-panel-tab#tab-hot');
  const state = await p.state();
  await p.close();

  // Shown again: a new page with the saved state; the host sends the profile again.
  const q = await openPanel(browser(), { state });
  await q.post({ type: 'profile', profile: profile(40), live: false });
  assert.equal(await q.eval<string>(`document.querySelector('vscode-panels').getAttribute('activeid')`), 'tab-hot');
  assert.equal(await q.eval<boolean>(`document.querySelector('.view-hot').hidden`), false);
  assert.equal(await q.eval<string>(`document.querySelector('vscode-text-field.search').value`), 'sq');
  assert.deepEqual((await rows(q, 'hot')).map((r) => r.label), ['Util.sq'], 'hot methods filtered by the search');
  await q.page.click('vscode-panel-tab#tab-flame');
  await q.settle();
  assert.deepEqual(await crumbs(q), ['all', 'Main.main', 'Main.work']);
  assert.deepEqual(q.problems(), []);
  await q.close();
});

test('invalid, empty and cleared profiles show a clear message', async () => {
  const p = await openPanel(browser());
  const bad = profile() as unknown as { threads: { nodes: number[][] }[] };
  bad.threads[0]!.nodes[2]![1] = 99;
  await p.post({ type: 'profile', profile: bad, live: false });
  const overlay = (): Promise<string> => p.eval<string>(`document.querySelector('.overlay:not([hidden])')?.textContent ?? ''`);
  assert.match(await overlay(), /This profile cannot be shown/);
  assert.match(await overlay(), /threads\[0\]\.nodes\[2\]\[1\]: method index out of range/);
  const errors = (await p.posted()).filter((m) => (m as { type: string }).type === 'error') as { message: string }[];
  assert.equal(errors.length, 1);
  assert.match(errors[0]!.message, /threads\[0\]\.nodes\[2\]\[1\]/);
  await p.post({ type: 'profile', profile: { format: 'komorium-profile', version: 7 }, live: false });
  assert.match(await overlay(), /version 7 is newer/);
  await p.post({ type: 'profile', profile: new ProfileBuilder().toFile(), live: true });
  assert.match(await overlay(), /Waiting for samples/);
  await p.post({ type: 'profile', profile: new ProfileBuilder().toFile(), live: false });
  assert.match(await overlay(), /No samples/);
  await p.post({ type: 'profile', profile: profile(), live: false });
  assert.equal(await overlay(), '');
  assert.equal((await canvasBox(p)).frames, 7);
  await p.post({ type: 'clear' });
  assert.match(await overlay(), /No profile/);
  // A hostile method name is text, never markup.
  const evil = new ProfileBuilder().sample([{ className: 'x.<img src=x onerror=alert(1)>', name: '<b>m</b>' }], { count: 3 }).toFile();
  await p.post({ type: 'profile', profile: evil, live: false, title: '<i>t</i>' });
  await p.page.click('vscode-panel-tab#tab-hot');
  await p.settle();
  assert.equal(await p.eval<number>(`document.querySelectorAll('img, b, i').length`), 0);
  assert.equal(await p.eval<string>(`document.querySelector('.title-text').textContent`), '<i>t</i>');
  assert.deepEqual(await cspViolations(p), []);
  await p.close();
});

test('icicle orientation and a device pixel ratio of 2', async () => {
  const p = await openPanel(browser(), { deviceScaleFactor: 2, theme: 'light' });
  await p.post({ type: 'profile', profile: profile(), live: false });
  const box = await canvasBox(p);
  assert.equal(box.backingWidth, box.width * 2);
  await p.page.click('vscode-button.orientation');
  await p.settle();
  assert.ok(near(await fillAt(p, 'main', { orientation: 'icicle' }), expectedFill('light', MAIN)));
  assert.ok(near(await fillAt(p, 'sq', { orientation: 'icicle' }), expectedFill('light', SQ)));
  assert.ok(near(await pixel(p, 5, box.height - 5), hexToRgb(THEMES.light['editor-background']!)));
  const sq = await where(p, 'sq', { orientation: 'icicle' });
  await clickWith(p, 'Control', sq.cx, sq.cy);
  assert.equal(((await opens(p))[0] as { methodName: string }).methodName, 'sq');
  // In icicle, Down goes towards callees.
  await p.page.keyboard.press('Escape');
  await p.page.keyboard.press('Escape');
  await p.page.keyboard.press('ArrowDown');
  await p.page.keyboard.press('ArrowDown');
  assert.match(await p.eval<string>(`document.querySelector('.details-text').textContent`), /^demo\.Main\.main/);
  assert.equal((await p.state() as { orientation: string }).orientation, 'icicle');
  await p.close();
});

test('theme changes: VS Code restyling the root repaints; a theme message re-reads the colours', async () => {
  const p = await loaded('dark');
  assert.ok(near(await fillAt(p, 'main'), expectedFill('dark', MAIN)));
  // A stylesheet the panel cannot observe: nothing changes until the host says so.
  const lightRules = Object.entries(THEMES.light).map(([k, v]) => `--vscode-${k}: ${v};`).join(' ');
  await p.eval(`(() => { const s = document.createElement('style'); s.nonce = document.querySelector('meta[property="csp-nonce"]').content; s.textContent = ':root { ${lightRules.replace(/'/g, "\\'")} }'; document.head.appendChild(s); })()`);
  await p.settle();
  assert.ok(near(await fillAt(p, 'main'), expectedFill('dark', MAIN)));
  await p.post({ type: 'theme' });
  assert.ok(near(await fillAt(p, 'main'), expectedFill('light', MAIN)), 'theme message');
  assert.ok(near(await pixel(p, 5, 5), hexToRgb(THEMES.light['editor-background']!)));
  // VS Code sets the variables on <html style> when the theme changes: observed.
  for (const [k, v] of Object.entries(THEMES.dark)) await p.eval(`document.documentElement.style.setProperty('--vscode-${k}', ${JSON.stringify(v)})`);
  await p.settle();
  await p.settle();
  assert.ok(near(await fillAt(p, 'main'), expectedFill('dark', MAIN)), 'observed restyle');
  assert.deepEqual(await cspViolations(p), []);
  await p.close();
});

test('screenshots in the dark and light themes', async () => {
  const dir = join(ROOT, 'test-results', 'webview');
  mkdirSync(dir, { recursive: true });
  const { generateProfile } = await import('./webview/gen');
  const big = generateProfile({ contexts: 3000, samples: 60000, seed: 21, threads: 3 });
  for (const theme of ['dark', 'light'] as const) {
    const p = await openPanel(browser(), { theme, width: 1200, height: 720 });
    await p.post({ type: 'profile', profile: big, live: true, title: 'com.acme.app.Main' });
    const box = await canvasBox(p);
    await p.page.mouse.move(box.left + box.width * 0.3, box.top + box.height - 18 * 4 - 9);
    await p.page.waitForSelector('.tooltip:not([hidden])');
    await p.page.screenshot({ path: join(dir, `flame-${theme}.png`) });
    await p.page.click('vscode-panel-tab#tab-tree');
    await p.settle();
    await p.page.screenshot({ path: join(dir, `tree-${theme}.png`) });
    await p.page.click('vscode-panel-tab#tab-hot');
    await p.settle();
    await p.page.keyboard.press('Tab');
    await p.page.screenshot({ path: join(dir, `hot-${theme}.png`) });
    assert.deepEqual(p.problems(), []);
    await p.close();
  }
});
