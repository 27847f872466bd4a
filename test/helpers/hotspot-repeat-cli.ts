// Development aid (det15g): runs one corpus program N times on HotSpot with the JDK instrumented
// (granularity 1, R 0) and compares each run's main thread with the first run's, per context
// (engines-profile.ts; "HotSpot" is the first run, "embedded" the later one).
//   KOMORIUM_JDK_MODULES=java.base node --import tsx test/helpers/hotspot-repeat-cli.ts NAME N [JDK_HOME]
// DET_VARIANTS='opts|opts|...' sets JAVA_TOOL_OPTIONS per run, in turn ('' for none).
import { compilePrograms, programsNamed } from './corpus';
import { runAll } from './engines-corpus';
import { compareMainThread, describeMainThread } from './engines-profile';
import { parseProfile } from '../../server/src/profile/load';

const [name, nStr, jdk] = process.argv.slice(2);
if (!name) throw new Error('usage: hotspot-repeat-cli.ts NAME N [JDK_HOME]');
const p = programsNamed([name])[0]!;
const dir = compilePrograms([p]).get(p.name)!;
const variants = (process.env.DET_VARIANTS ?? '').split('|');
let first: ReturnType<typeof parseProfile> | undefined;
for (let i = 0; i < Number(nStr ?? 3); i++) {
  const v = variants[i % variants.length]!;
  if (v) process.env.JAVA_TOOL_OPTIONS = v;
  else delete process.env.JAVA_TOOL_OPTIONS;
  const r = await runAll('jvm', p, dir, { granularity: 1, random: 0, ...(jdk ? { jdk } : {}) });
  if (r.error !== undefined || r.profile === undefined) {
    console.log(`run ${i}: no profile: ${(r.error ?? r.stderr).slice(0, 400)}`);
    continue;
  }
  const prof = parseProfile(r.profile, `run ${i}`);
  console.log(`run ${i} [${v}]: ${Math.round(r.ms)} ms`);
  if (!first) first = prof;
  else for (const x of describeMainThread(compareMainThread(first, prof, p.mainClass), 8)) console.log(`  ${x}`);
}
