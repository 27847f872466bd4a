// Driving the VS Code workbench (code-server) in Chromium with playwright-core: opening files
// and commands the way a user does (Quick Open, the command palette), and reading what the
// editor shows (code lenses, gutter marks, inline decorations, status bar, terminal, webviews).

import { chromium, type Browser, type Frame, type Page } from 'playwright-core';

// Browser globals used inside page.evaluate callbacks (they run in the page; this file is
// compiled without the DOM library, so just what those callbacks use is declared here).
interface PageElement {
  textContent: string | null;
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
}
declare const document: {
  activeElement: { className: string } | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
};
declare function getComputedStyle(e: PageElement, pseudo?: string): { content: string; backgroundImage: string };

export const CHROMIUM = process.env.KOMORIUM_CHROMIUM || '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export class Workbench {
  constructor(readonly page: Page) {}

  static async open(browser: Browser, url: string, folder: string): Promise<Workbench> {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    // (A loaded machine can take more than playwright's default 30 s to load the workbench.)
    await page.goto(`${url}/?folder=${encodeURIComponent(folder)}`, { timeout: 120_000 });
    await page.waitForSelector('.monaco-workbench .part.editor', { timeout: 90_000 });
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60_000 });
    return new Workbench(page);
  }

  /** Opens a file with Quick Open (Ctrl+P) and waits for its tab to be active. */
  async openFile(name: string): Promise<void> {
    await this.page.keyboard.press('Control+P');
    await this.page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input');
    await this.page.keyboard.type(name);
    await waitFor(`Quick Open to list ${name}`, () => this.page.$(`.quick-input-list .monaco-list-row[aria-label*="${name}"]`));
    await this.page.keyboard.press('Enter');
    await waitFor(`${name} to be the active tab`, async () => (await this.activeTab()) === name);
    await this.page.waitForSelector('.editor-group-container.active .monaco-editor .view-lines');
  }

  /**
   * Runs a command from the command palette (F1) by its title. Returns the time (Date.now())
   * of the click on its row, the moment a user's Enter would run it (after the typing).
   */
  async command(title: string): Promise<number> {
    await this.page.keyboard.press('F1');
    await this.page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input');
    await this.page.keyboard.type(title);
    // The row of exactly this command (typing "Run with Profile" also lists "Run with Profile (Exact)").
    const row = await waitFor(`the command "${title}" in the palette`, async () => {
      const rows = await this.page.$$('.quick-input-list .monaco-list-row');
      for (const r of rows) {
        const label = (await r.$$eval('.label-name', (ls) => ls.map((l) => l.textContent ?? '').join(''))).trim();
        const aria = (await r.getAttribute('aria-label')) ?? '';
        if (label.replace(/(\.\.\.|…)$/, '') === title || aria === title || aria.startsWith(`${title},`)) return r;
      }
      return undefined;
    });
    const at = Date.now();
    await row.click();
    return at;
  }

  async activeTab(): Promise<string | undefined> {
    return this.page.evaluate(() => document.querySelector('.editor-group-container.active .tab.active .label-name')?.textContent ?? undefined);
  }

  async tabs(): Promise<string[]> {
    return this.page.evaluate(() => [...document.querySelectorAll('.tab .label-name')].map((e) => e.textContent ?? ''));
  }

  async statusItems(): Promise<string[]> {
    return this.page.evaluate(() => [...document.querySelectorAll('.statusbar-item')].map((e) => (e.textContent ?? '').trim()).filter(Boolean));
  }

  /** Code-lens texts of the active editor. */
  async codeLenses(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('.editor-group-container.active .monaco-editor .codelens-decoration')].map((e) => (e.textContent ?? '').trim()).filter(Boolean),
    );
  }

  /** Glyph-margin (gutter) decorations with an icon in the active editor. */
  async gutterMarks(): Promise<number> {
    return this.page.evaluate(() => {
      let n = 0;
      for (const e of document.querySelectorAll('.editor-group-container.active .monaco-editor .glyph-margin-widgets .cgmr, .editor-group-container.active .monaco-editor .margin-view-overlays .cgmr')) {
        const bg = getComputedStyle(e).backgroundImage;
        if (bg && bg !== 'none') n++;
      }
      return n;
    });
  }

  /** Text injected after lines (decorations' `after` content) in the active editor, with the background of each. */
  async afterTexts(): Promise<{ line: string; text: string; background: string }[]> {
    return this.page.evaluate(() => {
      const out: { line: string; text: string; background: string }[] = [];
      for (const row of document.querySelectorAll('.editor-group-container.active .monaco-editor .view-line')) {
        for (const span of row.querySelectorAll('span')) {
          const st = getComputedStyle(span, '::after');
          const c = st.content;
          if (c && c !== 'none' && c !== 'normal' && c !== '""') out.push({ line: (row.textContent ?? '').replace(/\u00a0/g, ' '), text: c.replace(/^"|"$/g, ''), background: st.backgroundImage });
        }
      }
      return out;
    });
  }

  /** Visible text of the editor lines of the active editor. */
  async editorText(): Promise<string> {
    return this.page.evaluate(() => [...document.querySelectorAll('.editor-group-container.active .monaco-editor .view-line')].map((e) => (e.textContent ?? '').replace(/\u00a0/g, ' ')).join('\n'));
  }

  /** The terminal's text (xterm's DOM rows or its accessibility buffer). */
  async terminalText(): Promise<string> {
    return this.page.evaluate(() => {
      const rows = document.querySelector('.terminal-wrapper.active .xterm-rows, .xterm-rows');
      const acc = document.querySelector('.xterm-accessibility-tree');
      return `${rows?.textContent ?? ''}\n${acc?.textContent ?? ''}`.replace(/\u00a0/g, ' ');
    });
  }

  /** The content frame of the webview panel whose page has `selector`. */
  async webviewFrame(selector: string): Promise<Frame> {
    return waitFor(`a webview with ${selector}`, async () => {
      for (const f of this.page.frames()) {
        if (f === this.page.mainFrame()) continue;
        try {
          if (await f.$(selector)) return f;
        } catch {
          // detached while looking
        }
      }
      return undefined;
    });
  }

  /** Hovers the middle of the first visible editor line containing `text`; returns the hover's text. */
  async hoverLine(text: string): Promise<string> {
    const line = this.page.locator('.editor-group-container.active .monaco-editor .view-line', { hasText: text }).first();
    const box = await line.boundingBox();
    if (!box) throw new Error(`no visible line with ${text}`);
    await this.page.mouse.move(box.x + 40, box.y + box.height / 2);
    return waitFor('a hover', async () => {
      const t = await this.page.evaluate(() => document.querySelector('.monaco-hover:not(.hidden) .hover-contents, .monaco-hover .markdown-hover')?.textContent ?? '');
      return t.length > 0 && t;
    }, 15_000);
  }

  /** Gives the terminal the keyboard focus (and waits until it has it). */
  async focusTerminal(): Promise<void> {
    await this.command('Terminal: Focus Terminal');
    await waitFor('the terminal to have the focus', () =>
      this.page.evaluate(() => String(document.activeElement?.className ?? '').includes('xterm-helper-textarea')),
    );
  }

  /** Ctrl-click at a page position. */
  async ctrlClick(x: number, y: number): Promise<void> {
    await this.page.keyboard.down('Control');
    try {
      await this.page.mouse.click(x, y);
    } finally {
      await this.page.keyboard.up('Control');
    }
  }

  /** Text of the first element matching `selector` in a frame (undefined when there is none). */
  static async textIn(frame: Frame, selector: string): Promise<string | undefined> {
    return frame.evaluate((sel) => document.querySelector(sel)?.textContent ?? undefined, selector);
  }

  async screenshot(path: string): Promise<void> {
    await this.page.screenshot({ path });
  }
}
