// The language server's profile jobs (lsp/profile-job.ts): the load job hands back the profile's
// flat form, and Compare with Baseline… diffs against it without reading the open profile again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { profileJob } from '../../server/src/lsp/profile-job';
import { parseFlatProfile } from '../../server/src/profile/load';
import type { DiffView } from '../../server/src/profile/diff-view';
import { syntheticProfile } from '../../bench/lib/synthetic-profile';

test('the load job returns the flat form; the diff job on it gives the view it gives on the text, without the text', () => {
  const dir = mkdtempSync(join(tmpdir(), 'komorium-profile-job-'));
  try {
    const basePath = join(dir, 'base.json');
    const newPath = join(dir, 'new.json');
    const newText = JSON.stringify(syntheticProfile(1, 20_000, 2_000));
    writeFileSync(basePath, JSON.stringify(syntheticProfile(0, 20_000, 2_000)));
    writeFileSync(newPath, newText);
    const loaded = profileJob({ kind: 'load', path: newPath });
    assert.equal(loaded.text, newText);
    assert.deepEqual(loaded.flat, parseFlatProfile(newText, newPath));
    const fromText = profileJob({ kind: 'diff', basePath, source: newPath, text: newText }) as DiffView;
    // the flat form is used: the text (here not even JSON) is not read again
    const fromFlat = profileJob({ kind: 'diff', basePath, source: newPath, flat: structuredClone(loaded.flat), text: 'not read' }) as DiffView;
    assert.ok(fromText.all.parent.length > 1000 && fromText.lines.line.length > 0);
    assert.equal(JSON.stringify(fromFlat), JSON.stringify(fromText));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
