// End to end in a real VS Code (code-server 4.100.3 = VS Code 1.100) driven by Chromium:
// package the .vsix and check its contents, install it, open the Maven-layout example and the
// single-file example, run "Komorium: Run with Profile" from the command palette, and check
// what the user sees: program output, status bar, code lenses, gutter marks, inline bars, the
// flame-graph panel, Ctrl-click on a frame opening the right line, Show Bytecode.
// `npm run test:e2e`. Screenshots: test-results/e2e/ (KOMORIUM_E2E_DOCS=1 also refreshes
// docs/img/editor.png).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { loadProfile } from '../../server/src/profile/load';
import { mergeThreads } from '../../server/src/profile/tree';
import { methodStats } from '../../server/src/profile/lines';
import { count, pct } from '../../server/src/lsp/numbers';
import { REPO } from '../helpers/java';
import {
  interactiveWorkspace,
  mavenWorkspace,
  singleFileWorkspace,
  vsixEntries,
  type RunningServer,
  type Sandbox,
} from './harness';
import { editorSessionHooks } from './session';
import { waitFor, Workbench } from './workbench';

// Browser globals used inside page.evaluate callbacks (this file has no DOM library).
interface PageEl {
  value?: string;
  className: string;
  textContent: string | null;
  querySelectorAll(selector: string): Iterable<PageEl>;
  dispatchEvent(e: unknown): boolean;
  checkVisibility?(): boolean;
}
declare const document: { activeElement: PageEl | null; querySelector(selector: string): PageEl | null; querySelectorAll(selector: string): Iterable<PageEl> };
declare function getComputedStyle(e: PageEl, pseudo?: string): { content: string };

const SHOTS = join(REPO, 'test-results', 'e2e');
mkdirSync(SHOTS, { recursive: true });

let sandbox: Sandbox;
let server: RunningServer;
let browser: Browser;
let vsix: string;
let maven: Workbench;
/** The single-file workspace (its saved run is reopened after a reload). */
let single: string;

/** Where the language server writes profiles: a folder per workspace in the extension's storage, else the temporary folder. */
function profileDirs(): string[] {
  const dirs = [sandbox.profiles];
  const storage = join(sandbox.userData, 'User', 'globalStorage', 'komorium.komorium', 'profiles');
  if (existsSync(storage)) for (const h of readdirSync(storage)) dirs.push(join(storage, h));
  return dirs.filter((d) => existsSync(d));
}

/** The newest profile the language server wrote for `program`. */
function newestProfile(program: string): string {
  const files = profileDirs()
    .flatMap((d) => readdirSync(d).filter((f) => f.startsWith(`${program}-`) && f.endsWith('.json')).map((f) => join(d, f)))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  assert.ok(files[0], `a profile of ${program} in ${sandbox.profiles}`);
  return files[0];
}

async function runFromPalette(wb: Workbench, program: string): Promise<string> {
  await wb.command('Komorium: Run with Profile');
  // The status bar shows the finished profile's totals: "<program>: N samples · M bytecodes".
  const status = await waitFor(
    'the run to end (status bar totals)',
    async () => (await wb.statusItems()).find((s) => s.includes(`${program}: `) && /\d samples · .* bytecodes/.test(s)),
    // The embedded engine on a shared 2-core machine under load can take minutes.
    420_000,
  );
  return status;
}

describe('Komorium in VS Code', { timeout: 1_800_000 }, () => {
  editorSessionHooks(SHOTS, (s) => ({ vsix, sandbox, server, browser } = s));

  test('the .vsix holds the bundles, the webview, the runtime and the grammar, and no sources or tests', () => {
    const names = vsixEntries(vsix);
    for (const f of [
      'extension/package.json',
      'extension/dist/client.cjs',
      'extension/dist/server.js',
      'extension/dist/hotspot-worker.js',
      'extension/dist/archived-worker.js',
      'extension/dist/bytecode-worker.js',
      'extension/dist/profile-worker.js',
      'extension/dist/webview/main.js',
      'extension/dist/webview/main.css',
      'extension/runtime/java/komorium/rt/TC.java',
      'extension/runtime/java/komorium/rt/LiveSnapshots.java',
      'extension/runtime/patch/java/lang/KomoriumReflect.java',
      'extension/syntaxes/komorium-bytecode.tmLanguage.json',
      'extension/LICENSE.txt',
      'extension/docs/EXTENSION.md',
      'extension/docs/ARCHITECTURE.md',
      'extension/docs/img/editor.png',
    ]) {
      assert.ok(names.includes(f), `${f} in the .vsix`);
    }
    // Nothing the extension does not use: the CLI's roundtrip worker, images the README does not show.
    for (const f of ['extension/dist/roundtrip-worker.js', 'extension/docs/img/flamegraph.png']) assert.ok(!names.includes(f), `${f} is not in the .vsix`);
    const unwanted = names.filter((n) => /\.ts$|\.map$|(^|\/)(test|node_modules|examples|bench|server\/src|client\/src)\//.test(n));
    assert.deepEqual(unwanted, []);
  });

  test('Maven project: output, status bar, code lenses, gutter marks, inline bars and the flame graph', async () => {
    const dir = mavenWorkspace(sandbox);
    maven = await Workbench.open(browser, server.url, dir);
    await maven.openFile('App.java');
    const status = await runFromPalette(maven, 'com.example.render.App');
    assert.match(status, /com\.example\.render\.App: [\d,]+ samples · [\d.]+[KMG]? bytecodes/);

    // The program's output in the Komorium terminal, and where the class path came from.
    await waitFor('program output in the terminal', async () => /brightest rows: \[/.test(await maven.terminalText()));
    // The first lines (scrolled away by the program's output): where the class path came from.
    await maven.command('Terminal: Scroll to Top');
    const top = await waitFor('the top of the terminal', async () => {
      const t = await maven.terminalText();
      return /Komorium: profiling/.test(t) && t;
    });
    assert.match(top, /profiling com\.example\.render\.App \(interpreter engine, class path from maven\)/);

    // Code lens on main; gutter marks and inline bars on hot lines.
    const lenses = await waitFor('code lenses in App.java', async () => {
      const l = await maven.codeLenses();
      return l.some((x) => /self .*% · total 100(\.0)?% · [\d,]+ samples/.test(x)) && l;
    });
    assert.ok(lenses.length >= 1);
    assert.ok((await maven.gutterMarks()) >= 2, 'gutter heat marks');
    const afters = await maven.afterTexts();
    const line20 = afters.find((a) => a.line.includes('image = m.render();'));
    assert.ok(line20, `inline text after the render() call: ${JSON.stringify(afters)}`);
    assert.match(line20.text, /^[\d.<]+% self · [\d.]+% total$/);
    assert.match(line20.background, /linear-gradient/, 'a bar behind the text');

    // The flame graph opened beside, with the profile.
    assert.ok((await maven.tabs()).includes('Komorium Flame Graph'));
    const wv = await maven.webviewFrame('canvas');
    const info = await waitFor('the flame graph status line', async () => {
      const t = (await Workbench.textIn(wv, '.status')) ?? '';
      return /samples/.test(t) && t;
    });
    assert.match(info, /embedded JVM · JDK \+ app/, 'the footer names the engine and scope');
    // The same totals, formatted alike, in the status bar and the footer.
    assert.ok(info.includes(status.replace(/^.*App: /, '').split(' · ').slice(0, 2).join(' · ')), `footer "${info}" vs status "${status}"`);
    await maven.screenshot(join(SHOTS, 'maven-run.png'));
  });

  test('Ctrl-click on a flame-graph frame opens its hottest source line', async () => {
    const wv = await maven.webviewFrame('canvas');
    const canvas = await wv.$('canvas');
    const box = (await canvas!.boundingBox())!;
    // Frames are 18 px rows from the bottom: all threads, App.main, render/smooth, escapeTime/average.
    const y = box.y + box.height - 4 * 18 + 9;
    // The tooltip of the frame under the pointer, read only once it stays the same for 150 ms:
    // on a loaded machine the page may not yet have handled the last move, and a stale tooltip
    // (the previous position's frame) would send the click to another frame.
    const tipAt = async (x: number): Promise<string> => {
      await maven.page.mouse.move(x, y);
      let prev = '';
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 150));
        const t = (await Workbench.textIn(wv, '.tooltip:not([hidden])')) ?? '';
        if (t && t === prev) return t;
        prev = t;
      }
      return prev;
    };
    let at: number | undefined;
    for (let f = 0.05; f < 1 && at === undefined; f += 0.05) {
      const x = box.x + f * box.width;
      if (/escapeTime/.test(await tipAt(x))) at = x;
    }
    assert.ok(at !== undefined, 'found the escapeTime frame');
    // Confirm from another position: the tooltip there must not be escapeTime's, and back at
    // `at` it must be again.
    await tipAt(box.x + 2);
    assert.match(await tipAt(at), /escapeTime/, 'the escapeTime frame under the pointer before the click');
    await maven.ctrlClick(at, y);
    await waitFor('Mandelbrot.java to open', async () => (await maven.activeTab()) === 'Mandelbrot.java').catch(async (e: Error) => {
      throw new Error(`${e.message}; the active tab is ${JSON.stringify(await maven.activeTab())}, the tabs ${JSON.stringify(await maven.tabs())}`);
    });

    // The line: escapeTime's line with the most samples (ties: the lower), from the profile.
    const p = loadProfile(newestProfile('com.example.render.App'));
    const esc = methodStats(mergeThreads(p)).find((s) => s.method.name === 'escapeTime')!;
    const hottest = [...esc.lines].sort((a, b) => b.self - a.self || a.line - b.line)[0]!.line;
    const pos = await waitFor('the cursor position', async () => (await maven.statusItems()).find((s) => /^Ln \d+, Col \d+/.test(s)));
    assert.equal(pos.match(/^Ln (\d+)/)![1], String(hottest));
    const lenses = await waitFor('code lenses in Mandelbrot.java', async () => {
      const l = await maven.codeLenses();
      return l.length >= 2 && l;
    });
    assert.ok(lenses.some((l) => /self [1-9][\d.]*% · total/.test(l)), `escapeTime's lens: ${lenses.join(' | ')}`);
    await maven.screenshot(join(SHOTS, 'maven-open-frame.png'));
    if (process.env.KOMORIUM_E2E_DOCS === '1') copyFileSync(join(SHOTS, 'maven-open-frame.png'), join(REPO, 'docs', 'img', 'editor.png'));

    // A hover on the hot line: its share, estimated bytecodes, and the method's callers.
    const hover = await maven.hoverLine('while (n < maxIterations');
    assert.match(hover, new RegExp(`line ${hottest}`));
    assert.match(hover, /Mandelbrot\.escapeTime\(double, double\)/);
    assert.match(hover, /est\. bytecodes/);
    await maven.screenshot(join(SHOTS, 'hover.png'));
    await maven.page.keyboard.press('Escape');
  });

  test('a "type": "komorium" launch configuration (F5) runs with its arguments', async () => {
    await maven.page.mouse.move(5, 500);
    const before = newestProfile('com.example.render.App');
    await maven.command('Debug: Start Debugging');
    // VS Code asks which configuration (the one of .vscode/launch.json) unless the Run and Debug
    // view has one selected already: then the run starts at once.
    // (The run: the status bar says Komorium is preparing or running it; its profile comes only at the end.)
    const started = await waitFor('the launch configuration in the picker, or the run', async () =>
      (await maven.page.$('.quick-input-list .monaco-list-row[aria-label*="Profile App"]'))
        ? 'picker'
        : (await maven.statusItems()).some((x) => x.startsWith('Komorium: ')) || newestProfile('com.example.render.App') !== before
          ? 'run'
          : undefined,
    );
    if (started === 'picker') await maven.page.keyboard.press('Enter');
    // F5 focuses the Komorium terminal (the program's console), not an empty Debug Console.
    await waitFor('the Komorium terminal to have the focus', () =>
      maven.page.evaluate(() => String(document.activeElement?.className ?? '').includes('xterm-helper-textarea')),
    );
    const panel = await maven.page.evaluate(() => ({
      terminal: [...document.querySelectorAll('.terminal-tab, .terminal-tabs-entry, .single-terminal-tab')].map((e) => e.textContent ?? '').join(' | '),
      debugConsole: [...document.querySelectorAll('.repl')].some((e) => e.checkVisibility?.() ?? true),
    }));
    assert.ok(!panel.debugConsole, 'no Debug Console shown');
    await maven.screenshot(join(SHOTS, 'launch-terminal.png'));
    await waitFor('a new profile from the launch configuration', async () => newestProfile('com.example.render.App') !== before, 420_000);
    const p = loadProfile(newestProfile('com.example.render.App'));
    assert.deepEqual(p.meta.args, ['12', '200'], 'args of examples/maven-app/.vscode/launch.json');
    await waitFor('the status bar totals', async () => (await maven.statusItems()).some((x) => /^com\.example\.render\.App: [\d,]+ samples/.test(x)));
    // The lenses follow the new profile (Mandelbrot.java is still open).
    const esc = methodStats(mergeThreads(p)).find((x) => x.method.name === 'escapeTime')!;
    const want = `total ${pct((100 * esc.total) / p.meta.totalSamples)} · ${count(esc.total)} samples`;
    let seen: string[] = [];
    await waitFor(`the lens "${want}"`, async () => (seen = await maven.codeLenses()).some((l) => l.endsWith(want)), 20_000).catch((e: Error) => {
      throw new Error(`${e.message}; lenses shown: ${seen.join(' | ')}; profile ${newestProfile('com.example.render.App')}`);
    });
    await maven.screenshot(join(SHOTS, 'launch.png'));
    await maven.page.close();
  });

  test('single-file program: compiled with javac, profiled; Show Bytecode lists the original and transformed class', async () => {
    const dir = singleFileWorkspace(sandbox);
    const wb = await Workbench.open(browser, server.url, dir);
    await wb.openFile('Hotspots.java');
    await runFromPalette(wb, 'Hotspots');
    const term = await waitFor('program output', async () => {
      const t = await wb.terminalText();
      return /distinct words: /.test(t) && t;
    });
    assert.match(term, /class path from javac/);
    assert.match(term, /primes below 200000: 17984/);
    const lenses = await waitFor('code lenses in Hotspots.java', async () => {
      const l = await wb.codeLenses();
      return l.length >= 3 && l;
    });
    assert.ok(lenses.every((l) => /^self .*% · total .*% · [\d,]+ samples?$/.test(l)), lenses.join(' | '));
    assert.ok((await wb.gutterMarks()) >= 3);
    await wb.screenshot(join(SHOTS, 'single-file-run.png'));

    // Show Bytecode with the cursor in the class.
    await wb.openFile('Hotspots.java');
    await wb.command('Komorium: Show Bytecode');
    await waitFor('the bytecode listing', async () => (await wb.tabs()).includes('Hotspots.kbc'), 60_000);
    await waitFor('the listing to be active', async () => (await wb.activeTab()) === 'Hotspots.kbc');
    const text = await waitFor('listing text', async () => {
      const t = await wb.editorText();
      return /Hotspots: original class file/.test(t) && t;
    });
    assert.match(text, /Compiled from "Hotspots\.java"/);
    assert.ok((await wb.statusItems()).includes('Komorium Bytecode'), 'the listing uses the komorium-bytecode language');
    await wb.screenshot(join(SHOTS, 'bytecode.png'));
    await wb.page.close();
    single = dir;
  });

  test('after a reload: the Profiles view lists the run and loads it; a lens focuses the flame graph; Show Bytecode at the method with samples', async () => {
    // A new window on the same folder (what a reload gives): the saved run is still listed.
    const wb = await Workbench.open(browser, server.url, single);
    await wb.openFile('Hotspots.java');
    await wb.command('Explorer: Focus on Komorium Profiles View');
    // The view's rows (not the file explorer's Hotspots.java): a run's description has its totals.
    const row = wb.page.locator('.pane-body .monaco-list-row', { hasText: /^Hotspots.*samples/ }).first();
    const saved = profileDirs().map((d) => `${d}: ${readdirSync(d).join(', ')}`);
    const desc = await waitFor('the saved run in Komorium Profiles', async () => ((await row.count()) > 0 ? await row.textContent() : undefined), 30_000).catch((e: Error) => {
      throw new Error(`${e.message}; profile folders: ${saved.join(' | ')}`);
    });
    assert.match(desc, /Hotspots.*embedded JVM · JDK \+ app · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d · [\d,]+ samples · [\d.]+[KMG]? bytecodes/);
    await row.click();
    const status = await waitFor('the loaded profile in the status bar', async () => (await wb.statusItems()).find((x) => /^Hotspots: [\d,]+ samples/.test(x)), 60_000);
    assert.ok(desc.includes(status.replace(/^Hotspots: /, '').split(' · ').slice(0, 2).join(' · ')), `the view's totals are the profile's: ${desc} / ${status}`);
    await wb.screenshot(join(SHOTS, 'profiles-view.png'));

    // Clicking isPrime's lens: the flame graph searches exactly that method and zooms to its one context.
    await wb.openFile('Hotspots.java');
    const lens = await waitFor('isPrime’s lens', async () => {
      const ls = wb.page.locator('.editor-group-container.active .codelens-decoration a');
      for (let i = 0; i < (await ls.count()); i++) {
        const top = await ls.nth(i).boundingBox();
        const line = wb.page.locator('.editor-group-container.active .view-line', { hasText: 'static boolean isPrime(int n)' }).first();
        const lb = await line.boundingBox();
        if (top && lb && lb.y > top.y && lb.y - top.y < 40) return ls.nth(i);
      }
      return undefined;
    });
    await lens.click();
    const wv = await wb.webviewFrame('canvas');
    const search = await waitFor('the search box to show the focused method', async () => {
      const v = await wv.evaluate(() => document.querySelector('.search')?.value ?? '');
      return v.includes('isPrime') && v;
    });
    assert.equal(search, 'Hotspots.isPrime');
    const crumbs = await waitFor('zoomed to isPrime', async () => {
      const t = (await Workbench.textIn(wv, '.crumbs')) ?? '';
      return t.includes('isPrime') && t;
    });
    assert.match(crumbs, /countPrimes.*isPrime/);
    assert.match((await Workbench.textIn(wv, '.match')) ?? '', /matched/);
    await wb.screenshot(join(SHOTS, 'lens-focus.png'));

    // Show Bytecode with the cursor in isPrime's body: the listing opens at isPrime, samples in the margin.
    // (The flame graph's group has the focus after the lens click: back to the source's group.)
    await wb.command('View: Focus First Editor Group');
    await wb.openFile('Hotspots.java');
    await wb.command('Go to Line/Column');
    await wb.page.keyboard.type('14');
    await wb.page.keyboard.press('Enter');
    await wb.command('Komorium: Show Bytecode');
    await waitFor('the listing to be active', async () => (await wb.activeTab()) === 'Hotspots.kbc', 60_000);
    const top = await waitFor('the listing at isPrime', async () => {
      const t = await wb.editorText();
      // At the top (below the sticky-scroll lines VS Code keeps above it).
      return /static boolean isPrime\(int\);/.test(t.split('\n').slice(0, 12).join('\n')) && t;
    });
    assert.match(top, /iload_0/);
    const margin = await wb.page.evaluate(() => {
      const out: string[] = [];
      for (const row of document.querySelectorAll('.editor-group-container.active .monaco-editor .view-line')) {
        for (const span of row.querySelectorAll('span')) {
          const c = getComputedStyle(span, '::before').content;
          if (c && /\d/.test(c)) out.push(`${c.replace(/^"|"$/g, '').trim()} | ${(row.textContent ?? '').replace(/\u00a0/g, ' ').trim()}`);
        }
      }
      return out;
    });
    assert.ok(margin.length >= 2 && margin.every((m) => /^[\d,]+ \| \d+: \w+/.test(m)), `samples at instructions in the margin: ${margin.join(' / ')}`);
    await wb.screenshot(join(SHOTS, 'bytecode-margin.png'));

    await wb.page.close();
  });

  test('stdin through the terminal, live progress while it runs, and Stop keeps the samples', async () => {
    const dir = interactiveWorkspace(sandbox);
    const wb = await Workbench.open(browser, server.url, dir);
    await wb.openFile('Echo.java');
    await wb.command('Komorium: Run with Profile');
    await waitFor('the program to wait for input', async () => /Type input below/.test(await wb.terminalText()), 120_000);
    await wb.focusTerminal();
    await wb.page.keyboard.type('hello');
    await wb.page.keyboard.press('Enter');
    await waitFor('the echo', async () => /echo: hello \d+/.test(await wb.terminalText()));
    await wb.page.keyboard.type('loop');
    await wb.page.keyboard.press('Enter');
    // Live updates: the status bar counts samples while the program runs.
    const samplesIn = (x: string) => Number(/ · ([\d,]+) samples/.exec(x)![1]!.replace(/,/g, ''));
    const live = await waitFor('live progress in the status bar', async () => (await wb.statusItems()).find((x) => /^Komorium: Echo [\d.]+ (ms|s) · [1-9][\d,]* samples/.test(x)), 60_000);
    // The totals, then the engine and scope of the run (live-numbers.ts engineText).
    assert.match(live, / bytecodes · embedded JVM · JDK \+ app$/);
    // ... and keeps counting while the program loops (live snapshots keep coming).
    await waitFor('more samples while it runs', async () => (await wb.statusItems()).some((x) => /^Komorium: Echo /.test(x) && samplesIn(x) > samplesIn(live)), 60_000);
    await wb.screenshot(join(SHOTS, 'live.png'));
    await wb.command('Komorium: Stop');
    const final = await waitFor('the profile after Stop', async () => (await wb.statusItems()).find((x) => /^Echo: [\d,]+ samples · /.test(x)), 60_000);
    assert.match(final, /^Echo: [1-9]/);
    assert.match(await wb.terminalText(), /the program stopped after/);
    const lenses = await waitFor('code lenses on spin and main', async () => {
      const l = await wb.codeLenses();
      return l.length >= 2 && l;
    });
    assert.ok(lenses.some((l) => /^self [1-9]/.test(l)), lenses.join(' | '));
    await wb.page.close();
  });
});
