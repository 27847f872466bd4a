// Live numbers from one source (issue 19, item 2): during a run the status bar shows the totals
// of the last live snapshot the flame graph got, formatted as the flame graph's footer formats
// them; nothing else (the engine's raw bytecode counter) reaches it; and the final profile's
// totals are the last live ones plus what arrived after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { registerEngine, type ProfileRun, type RunOptions, type RunOutcome } from '../../server/src/engine/run';
import { engineText, numbersOfJson, progressText, totalsText } from '../../server/src/lsp/live-numbers';
import { makeCurrent, summaryOf } from '../../server/src/lsp/profile-state';
import type { ProgressParams, RunEndedParams } from '../../server/src/lsp/protocol';
import { RunController } from '../../server/src/lsp/runs';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/settings';
import { readProfile } from '../../webview/model/profile';
import { tempDir } from '../helpers/java';

/** A valid profile: `main` with `samples` samples split over two threads. */
function profile(samples: number, bytecodes: number, scope = 'all'): unknown {
  const a = Math.ceil(samples / 2);
  const b = samples - a;
  const ab = Math.round((bytecodes * a) / samples);
  const thread = (name: string, s: number, bc: number) => ({ name, seq: 0, bytecodes: bc, samples: s, nodes: [[-1, -1, 0, 0], s > 0 ? [0, 0, 0, s, [7, s]] : [0, 0, 0, 0]] });
  return {
    format: 'komorium-profile',
    version: 1,
    meta: { engine: 'interp', vm: 'test', jdk: '17', granularity: 1000, random: 0, seed: 1, program: 'demo.Main', args: [], scope, agent: 'test', startTime: 0, endTime: 0, totalBytecodes: bytecodes, totalSamples: samples },
    methods: [['demo.Main', 'main', '([Ljava/lang/String;)V', 'Main.java']],
    threads: [thread('main', a, ab), thread('worker', b, bytecodes - ab)],
  };
}

test('the numbers of a profile are the ones the server summary and the webview footer show', () => {
  const json = profile(12345, 4_567_000_000);
  const n = numbersOfJson(json)!;
  assert.deepEqual(n, { samples: 12345, bytecodes: 4_567_000_000, engine: 'interp', scope: 'all' });
  const s = summaryOf(makeCurrent(json, 't', { live: true, path: null }));
  assert.equal(s.samples, n.samples);
  assert.equal(s.bytecodes, n.bytecodes);
  assert.equal(s.scope, 'all');
  assert.equal(totalsText(n), '12,345 samples · 4.57G bytecodes');
  // The footer (webview/views/describe.ts statusLine, checked in webview-page.test.ts) formats
  // the webview model's totals with totalsText: the same sums.
  const view = readProfile(json);
  assert.deepEqual([view.totalSamples, view.totalBytecodes], [n.samples, n.bytecodes]);
  assert.equal(engineText(n), 'embedded JVM · JDK + app');
  assert.equal(engineText({ engine: 'interp-exact', scope: 'app' }), 'embedded JVM, exact · app only');
  assert.equal(engineText({ engine: 'hotspot', scope: 'app' }), 'HotSpot · app only');
  assert.equal(numbersOfJson(null), null);
  assert.equal(numbersOfJson({ meta: {} }), null);
});

test('before the first snapshot the status bar waits for samples instead of showing 0', () => {
  assert.equal(progressText('Hot', { elapsedMs: 1500, samples: 0, bytecodes: 0, snapshot: false }), 'Hot 1.5 s · waiting for the first samples');
  assert.equal(progressText('Hot', { elapsedMs: 2500, samples: 3, bytecodes: 30_100, snapshot: true }), 'Hot 2.5 s · 3 samples · 30.1K bytecodes');
});

test('a run shows the last snapshot’s numbers only, and the final profile adds what arrived after', async () => {
  const dir = tempDir('live-numbers');
  const snapshots = [profile(10, 10_000), profile(20, 20_500), profile(31, 31_700)];
  const final = profile(37, 37_900);
  // An engine whose own bytecode counter (5G) runs far ahead of the profile's, as the embedded
  // VM's counter does (it counts the instrumentation and the JDK's start-up too).
  registerEngine('jvm', (o: RunOptions): ProfileRun => {
    const done = (async (): Promise<RunOutcome> => {
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      o.onProgress?.({ phase: 'running', bytecodes: 5e9, samples: 0, elapsedMs: 0 });
      for (const s of snapshots) {
        await sleep(320);
        o.onProgress?.({ phase: 'running', bytecodes: 5e9 + 1, samples: 0, elapsedMs: 100 });
        o.onSnapshot?.(s);
        // A snapshot right after another is not shown (the client gets at most one per 300 ms):
        // its numbers must not reach the status bar either.
        o.onSnapshot?.(profile(1000, 1e9));
      }
      writeFileSync(o.profilePath, JSON.stringify(final));
      return { exitCode: 0, signal: null, profilePath: o.profilePath, cancelled: false, elapsedMs: 1000 };
    })();
    return { done, cancel() {}, writeStdin() {}, endStdin() {} };
  });
  const progress: ProgressParams[] = [];
  const shown: unknown[] = [];
  let ended: RunEndedParams | undefined;
  const finished = new Promise<void>((resolve) => {
    const rc = new RunController({
      settings: async () => ({ ...DEFAULT_SETTINGS, engine: 'jvm', instrument: 'app' }),
      workspaceFolders: () => [dir],
      openText: () => undefined,
      output: () => {},
      progress: (p) => progress.push(p),
      snapshot: (_id, raw) => {
        shown.push(raw);
        return true;
      },
      ended: (p) => {
        ended = p;
        resolve();
      },
    });
    void rc.start({ mainClass: 'demo.Main', classPaths: [dir], cwd: dir }, undefined);
  });
  await finished;
  assert.ok(ended?.profilePath, JSON.stringify(ended));
  assert.deepEqual(shown, snapshots, 'the snapshots shown are the spaced ones');
  const allowed = new Set(shown.map((s) => JSON.stringify([numbersOfJson(s)!.samples, numbersOfJson(s)!.bytecodes])));
  let seen = false;
  for (const p of progress) {
    if (p.snapshot) {
      seen = true;
      assert.ok(allowed.has(JSON.stringify([p.samples, p.bytecodes])), `progress ${p.samples}/${p.bytecodes} is a shown snapshot's`);
      assert.equal(p.scope, 'all');
    } else {
      assert.equal(seen, false, 'once a snapshot was shown, progress keeps its numbers');
      assert.equal(p.samples, 0);
      assert.equal(p.bytecodes, 0, 'the engine counter never reaches the status bar');
    }
  }
  const last = progress.at(-1)!;
  const lastLive = numbersOfJson(snapshots.at(-1))!;
  assert.deepEqual([last.samples, last.bytecodes], [lastLive.samples, lastLive.bytecodes]);
  // The final summary (what the status bar shows after the run) = last live + what came after.
  const fin = summaryOf(makeCurrent(final, 'final', { live: false, path: ended.profilePath }));
  assert.equal(fin.samples, last.samples + 6);
  assert.equal(fin.bytecodes, last.bytecodes + 6_200);
  const view = readProfile(snapshots.at(-1));
  assert.ok(progressText('demo.Main', last).endsWith(` · ${totalsText({ samples: view.totalSamples, bytecodes: view.totalBytecodes })}`));
});
