// Development aid: runs corpus programs on the embedded engine and prints the differences.
//   node --import tsx test/helpers/interp-corpus-cli.ts [--instrument none|app|all] [--jobs N] [--jdk HOME] [name...]
import { compilePrograms, listPrograms, mapLimit, programsNamed } from './corpus';
import { compareWithHotSpot, describeInterpComparison } from './interp-corpus';
import type { Instrument } from '../../server/src/engine/interp-transform';

const argv = process.argv.slice(2);
let instrument: Instrument = 'none';
let jobs = 2;
let timeoutMs = 120_000;
let jdk: string | undefined;
const names: string[] = [];
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  if (a === '--instrument') instrument = argv[++i] as Instrument;
  else if (a === '--jobs') jobs = Number(argv[++i]);
  else if (a === '--timeout') timeoutMs = Number(argv[++i]) * 1000;
  else if (a === '--jdk') jdk = argv[++i];
  else names.push(a);
}
const programs = names.length > 0 ? programsNamed(names) : listPrograms();
const dirs = compilePrograms(programs);
let pass = 0;
const failed: string[] = [];
await mapLimit(programs, jobs, async (p) => {
  const c = await compareWithHotSpot(p, dirs.get(p.name)!, { instrument, timeoutMs, ...(jdk === undefined ? {} : { jdk }) });
  if (c.problems.length === 0) pass++;
  else failed.push(p.name);
  console.log(c.problems.length === 0 ? `ok   ${p.name} (${Math.round(c.interp.ms)} ms)` : `FAIL ${describeInterpComparison(c)}`);
});
console.log(`\n${instrument}: ${pass}/${programs.length} identical; failed: ${failed.sort().join(' ')}`);
