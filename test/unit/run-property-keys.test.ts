// The runtime's system property keys are the same in every profiled run: the CLI and the editor
// (engine/run.ts), HotSpot and the embedded engine, with or without --granularity/--random/--seed.
// The program's Properties table holds them and its lookups are counted, so a key present in one
// run and not another changed the counts (the CLI passed the three options only when given).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import '../../server/src/engine/hotspot-run';
import '../../server/src/engine/interp-run';
import { startRun, type RunOptions } from '../../server/src/engine/run';
import { loadProfile } from '../../server/src/profile/load';
import { compileJava, REPO, tempDir } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'propkeys'));
const dir = tempDir('prop-keys');

function cli(name: string, ...opts: string[]): { keys: string; engine: string } {
  const out = join(dir, `${name}.json`);
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', ...opts, '-o', out, '-cp', classes, 'pk.Keys'], { encoding: 'utf8', cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  return { keys: r.stdout.trim(), engine: loadProfile(out).meta.engine };
}

async function api(name: string, extra: Partial<RunOptions>): Promise<{ keys: string; engine: string }> {
  let out = '';
  const profilePath = join(dir, `${name}.json`);
  const run = startRun({ engine: 'jvm', instrument: 'app', classpath: [classes], mainClass: 'pk.Keys', args: [], profilePath, onStdout: (b) => (out += b.toString()), ...extra });
  run.endStdin();
  const o = await run.done;
  assert.equal(o.exitCode, 0, o.error);
  return { keys: out.trim(), engine: loadProfile(profilePath).meta.engine };
}

test('the same komorium.* keys in the CLI and the editor, on both engines, with and without options', async () => {
  const runs = {
    cliHotSpot: cli('cli-hs', '--engine', 'jvm', '--instrument', 'app'),
    cliHotSpotOptions: cli('cli-hs-opt', '--engine', 'jvm', '--instrument', 'app', '--granularity', '5000', '--seed', '3'),
    cliEmbedded: cli('cli-emb', '--engine', 'interpreter', '--instrument', 'app'),
    cliEmbeddedOptions: cli('cli-emb-opt', '--engine', 'interpreter', '--instrument', 'app', '--random', '0'),
    editorHotSpot: await api('api-hs', {}),
    editorHotSpotOptions: await api('api-hs-opt', { granularity: 5000, random: 0, seed: 3 }),
    editorEmbedded: await api('api-emb', { engine: 'interpreter' }),
  };
  const first = runs.cliHotSpot.keys;
  assert.match(first, /komorium\.granularity/);
  for (const [name, r] of Object.entries(runs)) assert.equal(r.keys, first, `${name}: ${r.keys}`);
  assert.equal(runs.cliHotSpot.engine, 'hotspot');
  assert.equal(runs.editorHotSpot.engine, 'hotspot');
  assert.equal(runs.cliEmbedded.engine, 'interp');
});
