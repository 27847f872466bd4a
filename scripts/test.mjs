// Runs the test suites with Node's built-in runner. TypeScript test files run through tsx.
//   node scripts/test.mjs            -> test/unit/**/*.test.ts (the npm test slice)
//   node scripts/test.mjs --slow     -> test/slow/**/*.test.ts (full JDK round trip, long fuzz, ...)
//   node scripts/test.mjs FILE...    -> just those files (--serial: one at a time)
//   node scripts/test.mjs --test-name-pattern=RE FILE...  -> node's own flags pass through
//                                    (`--flag=value`, or `--flag value` for the value-taking
//                                    flags below)
import { readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const slow = args.includes('--slow');
const OURS = new Set(['--slow', '--serial']);
// node --test flags that take a value as the next argument (so the value is not a file).
const TAKES_VALUE = new Set(['--test-name-pattern', '--test-skip-pattern', '--test-reporter', '--test-reporter-destination', '--test-timeout', '--test-shard']);
let files = [];
const passed = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (OURS.has(a)) continue;
  if (!a.startsWith('--')) files.push(a);
  else if (TAKES_VALUE.has(a) && i + 1 < args.length) passed.push(a, args[++i]);
  else passed.push(a);
}

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}
if (files.length === 0) files = walk(join(root, 'test', slow ? 'slow' : 'unit'), []).sort();
// --serial: one file at a time (the end-to-end files each start a code-server).
// The npm-test slice instruments only java.base when a HotSpot run builds its instrumented JDK
// copy (engine/jdk-image.ts): a test that names no scope gets `all` from `auto`, and the full copy
// (70 modules, about 5 minutes of CPU on a fresh cache) would cost more than the whole slice.
// Tests of the full copy are in test/slow; set KOMORIUM_JDK_MODULES to choose otherwise.
const env = { ...process.env };
if (!slow && env.KOMORIUM_JDK_MODULES === undefined) env.KOMORIUM_JDK_MODULES = 'java.base';
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${args.includes('--serial') ? 1 : 2}`, ...passed, ...files], {
  stdio: 'inherit',
  cwd: root,
  env,
});
process.exit(r.status ?? 1);
