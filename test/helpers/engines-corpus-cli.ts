// Development aid: corpus programs with the JDK instrumented on HotSpot and on the embedded JVM,
// each against java, and the two profiles under main (engines-corpus.ts).
//   node --import tsx test/helpers/engines-corpus-cli.ts [--jdk HOME] [--hotspot-only] [--granularity N] [--jobs N] [name...]
// KOMORIUM_CACHE / KOMORIUM_JDK_MODULES pick the instrumented JDK (built on the first run).
import { compilePrograms, listPrograms, mapLimit, programsNamed } from './corpus';
import { compareEngines } from './engines-corpus';

const argv = process.argv.slice(2);
let jdk: string | undefined;
let hotspotOnly = false;
let granularity = 1000;
let jobs = 1;
const names: string[] = [];
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  if (a === '--jdk') jdk = argv[++i];
  else if (a === '--hotspot-only') hotspotOnly = true;
  else if (a === '--granularity') granularity = Number(argv[++i]);
  else if (a === '--jobs') jobs = Number(argv[++i]);
  else names.push(a);
}
const programs = names.length > 0 ? programsNamed(names) : listPrograms();
const dirs = compilePrograms(programs);
let same = 0;
let identical = 0;
let compared = 0;
await mapLimit(programs, jobs, async (p) => {
  const c = await compareEngines(p, dirs.get(p.name)!, { granularity, hotspotOnly, ...(jdk === undefined ? {} : { jdk }) });
  if (c.problems.length === 0) same++;
  if (c.main) {
    compared++;
    if (c.main.identical) identical++;
  }
  const m = c.main ? ` main: ${c.main.identical ? 'identical' : `differs (${c.main.bytecodes[0]} HotSpot, ${c.main.bytecodes[1]} embedded)`}` : '';
  console.log(`${c.problems.length === 0 ? 'ok  ' : 'FAIL'} ${p.name} (${Math.round(c.hotspot.ms)} ms)${m}`);
  for (const x of c.problems) console.log(`  - ${x}`);
  if (c.main && !c.main.identical) for (const x of c.main.changed) console.log(`  ~ ${x}`);
});
console.log(`output as java: ${same}/${programs.length}; profiles identical under main: ${identical}/${compared}`);
