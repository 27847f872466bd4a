// The differential flame graph in the webview (a page in Chromium, as webview-page.test.ts):
// Compare with Baseline… sends the profile already shown again, now with the diff payload. The
// webview keeps what it read from that profile (no second parse, no second tree) and colours
// the frames: red grew, blue shrank. Another profile is read again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { diffPayload, diffView } from '../../server/src/profile/diff-view';
import { canvasBox, sharedBrowser, openPanel, pixel, type Panel } from './webview/page';

const browser = sharedBrowser();

const MAIN = 'demo.Main.main([Ljava/lang/String;)V';
const WORK = 'demo.Main.work(I)I';
const OTHER = 'demo.Main.other(I)I';

/** main self 10; main → work:12 (`work` self); main → other:14 (`other` self). Frames in class, then name order: other left of work. */
function run(work: number, other: number): ProfileBuilder {
  return new ProfileBuilder({ granularity: 1000, program: 'demo.Main', engine: 'hotspot', jdk: '17' })
    .sample([MAIN], { line: 9, count: 10 })
    .sample([MAIN, `${WORK}:12`], { line: 30, count: work })
    .sample([MAIN, `${OTHER}:14`], { line: 40, count: other });
}

async function parsedMarks(p: Panel): Promise<unknown[]> {
  return p.eval<unknown[]>(`performance.getEntriesByName('komorium:parsed').map((e) => e.detail)`);
}

/** The fill at the left edge of the frame at `depth` that starts at share `x0` of the width. */
async function fillAt(p: Panel, x0: number, depth: number): Promise<[number, number, number]> {
  const box = await canvasBox(p);
  return pixel(p, x0 * box.width + 2, box.height - (depth + 1) * 18 + 2);
}

test('Compare with Baseline…: the profile shown, sent again with a diff, is not read again and is coloured by growth', async () => {
  const p = await openPanel(browser());
  const next = run(60, 30);
  const text = JSON.stringify(next.toFile());
  await p.post({ type: 'profile', profile: text, live: false });
  const plainWork = await fillAt(p, 0.31, 2);
  const diff = diffPayload(diffView(run(20, 70).build(), next.build(), 'base.json'));
  await p.post({ type: 'profile', profile: text, live: false, diff });
  assert.deepEqual(await parsedMarks(p), [{ reused: false }, { reused: true }]);
  assert.match(await p.eval<string>(`document.querySelector('.diff-legend').textContent`), /vs base\.json: \+0\.0%/);
  // other (left, 30 of 100 samples) shrank: blue; work (60, right of it) grew: red
  const other = await fillAt(p, 0, 2);
  const work = await fillAt(p, 0.31, 2);
  assert.notDeepEqual(work, plainWork, 'the frame is recoloured');
  assert.ok(work[0] > work[2] + 40, `work grew, red: ${work}`);
  assert.ok(other[2] > other[0] + 40, `other shrank, blue: ${other}`);
  // another profile is read again, without the diff
  await p.post({ type: 'profile', profile: JSON.stringify(run(61, 30).toFile()), live: false });
  assert.deepEqual(await parsedMarks(p), [{ reused: false }, { reused: true }, { reused: false }]);
  assert.equal(await p.eval<boolean>(`document.querySelector('.diff-legend').hidden`), true);
  assert.deepEqual(p.problems(), []);
  await p.close();
});
