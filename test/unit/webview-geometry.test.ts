// The profile panel fits the panel it is given: at 420, 640, 900 and 1400 px, in the dark and
// light themes, with a long run title, nothing is wider than the panel and every control, the
// flame graph and the footer are inside the visible area (the header row once kept the grid
// 887 px wide, clipping a third of the graph, the zoom buttons and the footer). Screenshots go
// to test-results/webview/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { canvasBox, sharedBrowser, openPanel, ROOT } from './webview/page';

const browser = sharedBrowser();

const MAIN = 'demo.Main.main([Ljava/lang/String;)V';

function profile() {
  return new ProfileBuilder({ granularity: 1000, program: 'demo.Main', engine: 'hotspot', jdk: '17' })
    .sample([MAIN], { line: 9, count: 10 })
    .sample([MAIN, 'demo.Main.work(I)I:12'], { line: 30, count: 20 })
    .sample([MAIN, 'demo.Main.work(I)I:12', 'demo.Util.aMethodWithAVeryLongNameIndeed(I)I:35'], { line: 3, count: 20 })
    .sample(['demo.Worker.run()V', 'demo.Main.work(I)I:40'], { thread: 'pool-1', line: 30, count: 20 })
    .toFile();
}

interface Box {
  what: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const CONTROLS = ['.title-text', 'vscode-panel-tab#tab-flame', 'vscode-panel-tab#tab-tree', 'vscode-panel-tab#tab-hot', 'vscode-panel-tab#tab-callers', '.thread', '.search', '.orientation', '.reset-zoom', '.flame-canvas', '.details', '.status'];

for (const theme of ['dark', 'light'] as const) {
  for (const width of [420, 640, 900, 1400]) {
    test(`panel ${width} px wide, ${theme} theme: everything inside the visible area`, async () => {
      const height = 620;
      const p = await openPanel(browser(), { theme, width, height });
      await p.post({ type: 'profile', profile: profile(), live: false, title: 'Profile demo.Main with a rather long launch configuration name (all threads)' });
      const sizes = await p.eval<{ doc: number; body: number }>(`({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth })`);
      assert.ok(sizes.doc <= width && sizes.body <= width, `content ${sizes.doc}/${sizes.body} px wide in a ${width} px panel`);
      const boxes = await p.eval<Box[]>(`${JSON.stringify(CONTROLS)}.map((s) => {
        const e = document.querySelector(s);
        if (!e) return { what: s + ' (missing)', left: -1, right: -1, top: -1, bottom: -1 };
        const r = e.getBoundingClientRect();
        return { what: s, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      })`);
      for (const b of boxes) {
        assert.ok(b.left >= 0 && b.right <= width + 0.5 && b.top >= 0 && b.bottom <= height + 0.5, `${b.what} at [${b.left}, ${b.right}] × [${b.top}, ${b.bottom}] is outside ${width} × ${height}`);
        assert.ok(b.right - b.left > 0 && b.bottom - b.top > 0, `${b.what} has no size`);
      }
      const c = await canvasBox(p);
      assert.ok(Math.abs(c.width - width) <= 1, `the flame graph is ${c.width} px wide in a ${width} px panel`);
      assert.ok(c.frames > 0, 'frames drawn');
      const dir = join(ROOT, 'test-results', 'webview');
      mkdirSync(dir, { recursive: true });
      await p.page.screenshot({ path: join(dir, `panel-${width}-${theme}.png`) });
      assert.deepEqual(p.problems(), []);
      await p.close();
    });
  }
}

test('a thread without samples is neither listed nor counted as sampled; the status line says so', async () => {
  const file = new ProfileBuilder({ granularity: 1000, program: 'demo.Main', engine: 'hotspot', jdk: '17' })
    .sample([MAIN], { line: 9, count: 10 })
    .bytecodes('Common-Cleaner', 120)
    .toFile();
  assert.equal(file.threads.length, 2);
  const p = await openPanel(browser(), { width: 900, height: 500 });
  await p.post({ type: 'profile', profile: file, live: false, title: 'demo' });
  const options = await p.eval<string[]>(`[...document.querySelectorAll('vscode-dropdown.thread vscode-option')].map((o) => o.textContent)`);
  assert.deepEqual(options, ['All threads (1)', 'main — 100.0%']);
  const status = await p.eval<string>(`document.querySelector('.status').textContent`);
  assert.match(status, /· 1 thread \(\+1 without samples\)/);
  await p.close();
});
