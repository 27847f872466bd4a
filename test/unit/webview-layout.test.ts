// Flame-graph geometry (visible frames, zoom, orientation, scrolling, hit testing), colours
// and number formatting of the webview: pure functions, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { readProfile } from '../../webview/model/profile';
import { buildTree, childrenOf, type Tree } from '../../webview/model/tree';
import { contentHeight, depthAt, forEachVisibleFrame, frameSpan, hitTest, rowTop, visibleDepths, type Geometry } from '../../webview/flame/layout';
import { contrast, framePaint, parseColor, textOn, DEFAULT_THEME } from '../../webview/flame/colors';
import { compact, count, pct } from '../../webview/ui/format';
import { generateProfile } from './webview/gen';

function smallTree(): Tree {
  const file = new ProfileBuilder()
    .sample(['p.Main.main()V', 'p.A.a()V:10', 'p.B.b()V:20'], { count: 30 })
    .sample(['p.Main.main()V', 'p.A.a()V:10'], { count: 10 })
    .sample(['p.Main.main()V', 'p.C.c()V:11'], { count: 40 })
    .sample(['p.Main.main()V'], { count: 20 })
    .toFile();
  return buildTree(readProfile(file));
}

const geo = (o: Partial<Geometry> = {}): Geometry => ({ width: 1000, viewHeight: 400, rowHeight: 18, orientation: 'flame', scrollTop: 0, zoom: 0, ...o });

function visited(t: Tree, g: Geometry): Map<number, { x: number; w: number; y: number }> {
  const out = new Map<number, { x: number; w: number; y: number }>();
  const n = forEachVisibleFrame(t, g, (i, x, w, y) => out.set(i, { x, w, y }));
  assert.equal(n, out.size);
  return out;
}

test('frames are laid out by sample share, children packed from the left, root at the bottom', () => {
  const t = smallTree();
  const g = geo();
  const v = visited(t, g);
  assert.equal(v.size, t.size);
  const [main] = childrenOf(t, 0);
  const [a, c] = childrenOf(t, main!);
  const [b] = childrenOf(t, a!);
  // 100 samples over 1000 px: 10 px per sample.
  assert.deepEqual(v.get(0), { x: 0, w: 1000, y: 400 - 18 });
  assert.deepEqual(v.get(main!), { x: 0, w: 1000, y: 400 - 36 });
  assert.deepEqual(v.get(a!), { x: 0, w: 400, y: 400 - 54 });
  assert.deepEqual(v.get(c!), { x: 400, w: 400, y: 400 - 54 });
  assert.deepEqual(v.get(b!), { x: 0, w: 300, y: 400 - 72 });
  // Icicle: the root on top.
  const ic = visited(t, geo({ orientation: 'icicle' }));
  assert.equal(ic.get(0)!.y, 0);
  assert.equal(ic.get(b!)!.y, 54);
  assert.equal(rowTop(t, geo({ orientation: 'icicle' }), 3), 54);
});

test('hit testing finds every drawn frame at its centre, and nothing in self gaps or empty rows', () => {
  const t = smallTree();
  for (const orientation of ['flame', 'icicle'] as const) {
    for (const zoom of [0, 1, 2]) {
      const g = geo({ orientation, zoom });
      for (const [i, r] of visited(t, g)) assert.equal(hitTest(t, g, r.x + r.w / 2, r.y + 9), i, `${orientation} zoom ${zoom} frame ${i}`);
    }
    const g = geo({ orientation });
    const main = childrenOf(t, 0)[0]!;
    const rowY = rowTop(t, g, t.depth[main]! + 1) + 9;
    assert.equal(hitTest(t, g, 900, rowY), -1, 'main self samples: nothing above');
    assert.equal(hitTest(t, g, 10, orientation === 'flame' ? 5 : 395), -1, 'empty row');
    assert.equal(hitTest(t, g, -1, rowY), -1);
    assert.equal(hitTest(t, g, 1000, rowY), -1);
  }
});

test('zoom: the zoomed frame spans the width, its ancestors too, other subtrees disappear', () => {
  const t = smallTree();
  const main = childrenOf(t, 0)[0]!;
  const [a, c] = childrenOf(t, main);
  const b = childrenOf(t, a!)[0]!;
  const g = geo({ zoom: a! });
  const v = visited(t, g);
  assert.deepEqual([...v.keys()].sort((x, y) => x - y), [0, main, a!, b].sort((x, y) => x - y));
  assert.equal(v.get(a!)!.w, 1000);
  assert.equal(v.get(0)!.w, 1000);
  assert.equal(v.get(b!)!.w, 750); // 30 of a's 40 samples
  assert.equal(v.has(c!), false);
  assert.deepEqual(frameSpan(t, g, main), { x: 0, w: 1000 });
  // Hit testing an ancestor row returns the ancestor.
  assert.equal(hitTest(t, g, 999, rowTop(t, g, 1) + 1), main);
});

test('scrolling: only the rows in view are visited; depthAt inverts rowTop', () => {
  const t = buildTree(readProfile(generateProfile({ contexts: 4000, samples: 60000, seed: 7, threads: 2 })));
  for (const orientation of ['flame', 'icicle'] as const) {
    const g = geo({ orientation, viewHeight: 90 });
    const ch = contentHeight(t, g);
    assert.equal(ch, (t.maxDepth + 1) * 18);
    for (let d = 0; d <= t.maxDepth; d++) {
      assert.equal(depthAt(t, g, rowTop(t, g, d)), d);
      assert.equal(depthAt(t, g, rowTop(t, g, d) + 17.9), d);
    }
    for (const scrollTop of [0, 100, ch - 90]) {
      const gs = { ...g, scrollTop };
      const [lo, hi] = visibleDepths(t, gs);
      for (const [i, r] of visited(t, gs)) {
        assert.ok(t.depth[i]! >= lo && t.depth[i]! <= hi);
        assert.ok(r.y > -18 && r.y < 90, `row of ${i} at ${r.y} is in view`);
      }
      assert.ok(hi - lo <= 6);
    }
  }
});

test('frames narrower than half a pixel are skipped, and only those', () => {
  const t = buildTree(readProfile(generateProfile({ contexts: 20000, samples: 400000, seed: 8 })));
  const g = geo({ viewHeight: 100000 });
  const v = visited(t, g);
  const scale = 1000 / t.total[0]!;
  let expected = 0;
  for (let i = 0; i < t.size; i++) if (t.total[i]! * scale >= 0.5) expected++;
  assert.equal(v.size, expected);
  assert.ok(v.size < t.size / 2, `${v.size} of ${t.size} drawn`);
  for (const [i, r] of v) {
    assert.ok(r.w >= 0.5);
    assert.ok(Math.abs(r.x - t.x[i]! * scale) < 1e-6);
  }
});

test('colours: CSS parsing, alpha over the background, readable label colour, per-class palette', () => {
  assert.deepEqual(parseColor('#f14c4c'), { r: 241, g: 76, b: 76 });
  assert.deepEqual(parseColor('#fff'), { r: 255, g: 255, b: 255 });
  assert.deepEqual(parseColor('rgb(1, 2, 3)'), { r: 1, g: 2, b: 3 });
  assert.deepEqual(parseColor('rgba(255, 255, 255, 0.5)', { r: 0, g: 0, b: 0 }), { r: 127.5, g: 127.5, b: 127.5 });
  assert.deepEqual(parseColor('#ffffff80', { r: 0, g: 0, b: 0 })!.r.toFixed(0), '128');
  assert.equal(parseColor('var(--x)'), null);
  assert.equal(textOn({ r: 250, g: 250, b: 200 }), '#000000');
  assert.equal(textOn({ r: 20, g: 20, b: 60 }), '#ffffff');
  const app1 = framePaint(DEFAULT_THEME, 'com.acme.Foo', 'run', false);
  const app2 = framePaint(DEFAULT_THEME, 'com.acme.Foo', 'run', false);
  const jdk = framePaint(DEFAULT_THEME, 'java.util.HashMap', 'get', true);
  assert.deepEqual(app1, app2);
  const warm = parseColor(app1.fill)!;
  const cool = parseColor(jdk.fill)!;
  assert.ok(warm.r > warm.b, 'application frames are warm');
  assert.ok(cool.b > cool.r, 'JDK frames are cool');
  // Labels stay readable: contrast of at least 4.5:1 on a range of classes.
  for (let k = 0; k < 50; k++) {
    const p = framePaint(DEFAULT_THEME, `pkg${k}.Class${k * 7}`, `m${k}`, k % 3 === 0);
    assert.ok(contrast(parseColor(p.fill)!, parseColor(p.text)!) >= 4.5, `${p.fill} / ${p.text}`);
  }
  // Dimmed frames are closer to the background than their normal fill.
  const bg = DEFAULT_THEME.background;
  const dist = (c: { r: number; g: number; b: number }): number => Math.abs(c.r - bg.r) + Math.abs(c.g - bg.g) + Math.abs(c.b - bg.b);
  assert.ok(dist(parseColor(app1.dimFill)!) < dist(warm) / 2);
});

test('number formatting', () => {
  assert.equal(pct(1, 3), '33.3%');
  assert.equal(pct(1, 1000), '0.10%');
  assert.equal(pct(1, 1e6), '<0.01%');
  assert.equal(pct(0, 5), '0%');
  assert.equal(pct(5, 5), '100.0%');
  assert.equal(pct(99999, 100000), '99.9%');
  assert.equal(count(1234567), '1,234,567');
  assert.equal(count(12), '12');
  assert.equal(compact(950), '950');
  assert.equal(compact(12345), '12.3 k');
  assert.equal(compact(4.56e6), '4.56 M');
  assert.equal(compact(7.8e9), '7.80 G');
});
