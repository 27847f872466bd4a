// Development aid: corpus programs with the JDK instrumented on HotSpot and on the embedded JVM,
// each against java, and the two profiles under main (engines-corpus.ts).
//   node --import tsx test/helpers/engines-corpus-cli.ts [--jdk HOME] [--instrument app|all] [--hotspot-only] [--granularity N] [--random R] [--top N] [--jobs N] [name...]
// With --granularity 1 --random 0 every check samples: the main thread is compared per context
// (under the program's main and in start-up, engines-profile.ts), first differences printed.
// KOMORIUM_CACHE / KOMORIUM_JDK_MODULES pick the instrumented JDK (built on the first run).
import { compilePrograms, listPrograms, mapLimit, programsNamed } from './corpus';
import { compareEngines } from './engines-corpus';
import { describeMainThread } from './engines-profile';

const argv = process.argv.slice(2);
let jdk: string | undefined;
let hotspotOnly = false;
let instrument: 'app' | 'all' = 'all';
let granularity = 1000;
let random: number | undefined;
let top = 5;
let jobs = 1;
const names: string[] = [];
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  if (a === '--jdk') jdk = argv[++i];
  else if (a === '--hotspot-only') hotspotOnly = true;
  else if (a === '--instrument') instrument = argv[++i] === 'app' ? 'app' : 'all';
  else if (a === '--granularity') granularity = Number(argv[++i]);
  else if (a === '--jobs') jobs = Number(argv[++i]);
  else if (a === '--random') random = Number(argv[++i]);
  else if (a === '--top') top = Number(argv[++i]);
  else names.push(a);
}
const programs = names.length > 0 ? programsNamed(names) : listPrograms();
const dirs = compilePrograms(programs);
let same = 0;
let identical = 0;
let compared = 0;
let underMain = 0;
const overlaps: number[] = [];
await mapLimit(programs, jobs, async (p) => {
  const c = await compareEngines(p, dirs.get(p.name)!, { granularity, hotspotOnly, instrument, ...(random === undefined ? {} : { random }), ...(jdk === undefined ? {} : { jdk }) });
  if (c.problems.length === 0) same++;
  if (c.main) {
    compared++;
    if (c.main.identical) identical++;
  }
  const m = c.main ? ` main: ${c.main.identical ? 'identical' : `differs (${c.main.bytecodes[0]} HotSpot, ${c.main.bytecodes[1]} embedded)`}` : '';
  console.log(`${c.problems.length === 0 ? 'ok  ' : 'FAIL'} ${p.name} (${Math.round(c.hotspot.ms)} ms)${m}`);
  for (const x of c.problems) console.log(`  - ${x}`);
  if (c.thread) for (const x of describeMainThread(c.thread, top)) console.log(`  ${x}`);
  else if (c.main && !c.main.identical) for (const x of c.main.changed) console.log(`  ~ ${x}`);
  if (c.thread) {
    if (c.thread.main.identical) underMain++;
    overlaps.push(c.thread.startup.overlap);
  }
});
if (overlaps.length > 0) console.log(`per context: identical under main ${underMain}/${overlaps.length}; start-up overlap min ${Math.min(...overlaps).toFixed(2)}%, mean ${(overlaps.reduce((a, b) => a + b, 0) / overlaps.length).toFixed(2)}%`);
console.log(`output as java: ${same}/${programs.length}; profiles identical under main: ${identical}/${compared}`);
