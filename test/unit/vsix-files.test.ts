// The .vsix holds every bundle the installed extension runs: each worker the build writes to dist/
// (the embedded engine's worker and its CommonJS bundle, the JDK copy's module workers, the diff
// side worker, ...) is listed in .vscodeignore, unless it is one of the CLI's own. A worker left
// out fails only in the installed extension (the embedded engine's runs never started; the JDK
// copy could not be built, so `auto` fell back to app).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../helpers/java';

/** What only the CLI loads (bin/komorium.mjs): not in the extension. */
const CLI_ONLY = new Set(['cli.mjs', 'run-fast.mjs', 'run-embedded.mjs', 'roundtrip-worker.js']);

test('.vscodeignore lets in every bundle the build writes, but the CLI’s own', () => {
  // The bundles' names, from the build scripts (and dist/ itself after a build).
  const outputs = new Set<string>();
  for (const f of readdirSync(join(REPO, 'scripts')).filter((n) => /^build.*\.mjs$/.test(n))) {
    for (const m of readFileSync(join(REPO, 'scripts', f), 'utf8').matchAll(/dist\/([\w.-]+\.(?:js|cjs|mjs))\b/g)) outputs.add(m[1]!);
  }
  const dist = join(REPO, 'dist');
  if (existsSync(dist)) for (const n of readdirSync(dist)) if (/\.(js|cjs|mjs)$/.test(n)) outputs.add(n);
  assert.ok(outputs.has('server.js') && outputs.has('interp-worker.cjs'), `bundles found in scripts/build.mjs: ${[...outputs].join(', ')}`);
  const included = new Set(
    readFileSync(join(REPO, '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('!dist/'))
      .map((l) => l.slice('!dist/'.length).trim()),
  );
  const missing = [...outputs].filter((o) => !CLI_ONLY.has(o) && !included.has(o));
  assert.deepEqual(missing, [], `bundles the .vsix leaves out: ${missing.join(', ')}`);
});
