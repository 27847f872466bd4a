// The webview on a large profile (50 000 contexts, 1 000 000 samples, 4 threads) in Chromium:
// time from the host's message to the first paint of the flame graph, live updates, zoom,
// search and the table views stay responsive, and only frames wider than half a pixel are
// drawn. Times are reported; the bounds are deliberately generous (shared CI machines).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canvasBox, sharedBrowser, openPanel, type Panel } from './webview/page';
import { generateProfile } from './webview/gen';
import { readProfile } from '../../webview/model/profile';
import { buildTree } from '../../webview/model/tree';

const browser = sharedBrowser();

interface Timing {
  /** Message posted → the webview's handler started. */
  received: number;
  /** Message posted → the profile read and checked. */
  parsed: number;
  /** Message posted → the merged tree built. */
  tree: number;
  /** Message posted → the flame graph painted (canvas drawn). */
  paint: number;
  /** Message posted → the next animation frame after the paint (on screen). */
  frame: number;
}

/** Posts window.__next as a profile message and times it, in the page. */
const TIMED_POST = `(async () => {
  const t0 = performance.now();
  const painted = new Promise((resolve) => {
    const obs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'komorium:paint' && e.startTime >= t0) { obs.disconnect(); resolve(e.startTime); return; }
    });
    obs.observe({ type: 'mark' });
  });
  window.postMessage(window.__next, '*');
  const paint = await painted;
  await new Promise((r) => requestAnimationFrame(() => r()));
  const frame = performance.now();
  const at = (name) => { const e = performance.getEntriesByName(name).filter((x) => x.startTime >= t0)[0]; return e ? e.startTime - t0 : -1; };
  return { received: at('komorium:profile'), parsed: at('komorium:parsed'), tree: at('komorium:tree'), paint: paint - t0, frame: frame - t0 };
})()`;

async function timedProfile(p: Panel, profile: unknown, live: boolean): Promise<Timing> {
  // A JSON string crosses into the page much faster than a structured object.
  await p.page.evaluate(
    ([json, isLive]) => {
      (globalThis as unknown as Record<string, unknown>).__next = { type: 'profile', profile: JSON.parse(json), live: isLive };
    },
    [JSON.stringify(profile), live] as const,
  );
  return p.eval<Timing>(TIMED_POST);
}

async function timed(p: Panel, action: () => Promise<void>): Promise<number> {
  const t0 = Date.now();
  await action();
  await p.settle();
  return Date.now() - t0;
}

test('50k contexts, 1M samples: first paint, live updates, zoom, search and tables', async () => {
  const file = generateProfile({ contexts: 50000, samples: 1000000, threads: 4, seed: 17 });
  const tree = buildTree(readProfile(file));
  assert.equal(tree.total[0], 1000000);
  const p = await openPanel(browser(), { width: 1400, height: 900 });

  const first = await timedProfile(p, file, true);
  const box = await canvasBox(p);
  console.log(`webview 50k contexts / 1M samples: first paint ${first.paint.toFixed(0)} ms after the message (message received ${first.received.toFixed(0)}, read ${first.parsed.toFixed(0)}, tree ${first.tree.toFixed(0)}, painted ${first.paint.toFixed(0)}, on screen ${first.frame.toFixed(0)} ms), ${box.frames} frames drawn of ${tree.size}`);
  assert.ok(first.paint > 0 && first.paint < 5000, `first paint ${first.paint} ms`);
  // Only frames of at least half a pixel: far fewer than the contexts, but many.
  const scale = box.width / tree.total[0]!;
  let wide = 0;
  for (let i = 0; i < tree.size; i++) if (tree.total[i]! * scale >= 0.5 && (box.height - (tree.depth[i]! + 1) * 18) > -18) wide++;
  assert.ok(box.frames > 200 && box.frames <= wide, `${box.frames} frames drawn, ${wide} wide enough`);

  // Live updates: a few per second, each one a full new profile.
  const updates: number[] = [];
  for (let k = 0; k < 4; k++) {
    const next = generateProfile({ contexts: 50000, samples: 1000000 + 5000 * (k + 1), threads: 4, seed: 17 });
    updates.push((await timedProfile(p, next, true)).paint);
  }
  console.log(`webview live updates (50k contexts): ${updates.map((t) => t.toFixed(0)).join(', ')} ms to repaint`);
  assert.ok(Math.max(...updates) < 5000);

  // Hover, zoom, search.
  const y = box.top + box.height - 18 * 3 - 9;
  await p.page.mouse.move(box.left + box.width / 2, y);
  await p.page.waitForSelector('.tooltip:not([hidden])');
  const zoom = await timed(p, () => p.page.mouse.click(box.left + box.width / 2, y));
  assert.ok((await p.eval<number>(`document.querySelectorAll('.crumbs .crumb').length`)) >= 3);
  const search = await timed(p, () => p.page.locator('vscode-text-field.search input').fill('C1'));
  assert.match(await p.eval<string>(`document.querySelector('.match').textContent`), /matched \d/);
  const tree1 = await timed(p, () => p.page.click('vscode-panel-tab#tab-tree'));
  const hot = await timed(p, () => p.page.click('vscode-panel-tab#tab-hot'));
  const callers = await timed(p, () => p.page.click('vscode-panel-tab#tab-callers'));
  assert.ok((await p.eval<number>(`document.querySelectorAll('.view-callers .table-row').length`)) > 10);
  console.log(`webview 50k contexts: zoom ${zoom} ms, search ${search} ms, call tree ${tree1} ms, hot methods ${hot} ms, callers ${callers} ms (round trips from the test)`);
  assert.deepEqual(p.problems(), []);
  await p.close();
});
