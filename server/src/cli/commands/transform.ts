// komorium transform -cp CP -d OUTDIR [--max-path M] [--jdk HOME]
// Writes the transformed classes and the runtime classes into OUTDIR, so that
// `java -cp OUTDIR MainClass` runs profiled (the profile goes to -Dkomorium.out=FILE, or
// komorium-profile.json in the working directory).

import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { registerCommand } from '../cli';
import { parseArgs, flag, intFlag, UsageError } from '../args';
import { findJavaHome, splitClassPath } from '../../classpath/index';
import { buildRuntime } from '../../runtime/build';
import { transformClassPath } from '../../transform/driver';
import { HOTSPOT_JIT_OPTIONS, HOTSPOT_STACK_SIZE } from '../../runtime/contract';
import { cacheRoot } from '../../engine/cache';
import { reflectionPatch } from '../../engine/reflect-patch';

const USAGE = `usage: komorium transform -cp CLASSPATH -d OUTDIR [--max-path M] [--jdk HOME] [--no-cache]

Writes the transformed classes of CLASSPATH, its resources and the Komorium runtime into OUTDIR.
Then \`java -cp OUTDIR MainClass\` runs profiled; the profile is written to the file named by
-Dkomorium.out, else komorium-profile.json in the working directory. Other settings:
-Dkomorium.granularity=N, -Dkomorium.random=R, -Dkomorium.seed=S, -Dkomorium.agent=CLASS.
--no-lines drops source-line attribution (to measure its cost). Methods that had a fallback (no extended version, code too large) are listed on stderr.
OUTDIR/komorium-patch/java.base holds an optional patch of java.lang.Class: with
--patch-module=java.base=OUTDIR/komorium-patch/java.base, reflection does not show the methods
and fields the transformation added. The options ${HOTSPOT_JIT_OPTIONS.join(' ')}
keep the sampling path out of the code HotSpot compiles (lower overhead; optional), and
${HOTSPOT_STACK_SIZE} gives deep recursion the room the larger transformed frames need.`;

registerCommand({
  name: 'transform',
  summary: 'write the transformed classes and the runtime into a directory',
  usage: USAGE,
  async run(argv) {
    const args = parseArgs(argv, {
      classpath: { value: true, aliases: ['-cp', '--class-path'] },
      dir: { value: true, aliases: ['-d'] },
      'max-path': { value: true },
      jdk: { value: true },
      'no-cache': {},
      'no-lines': {},
      quiet: { aliases: ['-q'] },
    });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument '${args.positional[0]}'`);
    const cp = flag(args, 'classpath');
    const outDir = flag(args, 'dir');
    if (!cp) throw new UsageError('no class path given (-cp)');
    if (!outDir) throw new UsageError('no output directory given (-d)');
    const jdk = findJavaHome(flag(args, 'jdk'));
    mkdirSync(outDir, { recursive: true });
    const r = transformClassPath({
      classpath: splitClassPath(cp),
      outDir,
      jdk,
      maxPath: intFlag(args, 'max-path', 50, 0, 1 << 20),
      lineNumbers: !args.flags.has('no-lines'),
      cacheDir: args.flags.has('no-cache') ? undefined : join(cacheRoot(), 'transformed'),
    });
    const runtime = buildRuntime(join(cacheRoot(), 'runtime'), { jdk: jdk.home });
    cpSync(join(runtime.classesDir, 'komorium'), join(outDir, 'komorium'), { recursive: true });
    // The reflection patch (optional): hides the extended methods and MID fields from reflection.
    const patchDir = join(outDir, 'komorium-patch', 'java.base');
    cpSync(reflectionPatch(jdk, join(cacheRoot(), 'patch')), patchDir, { recursive: true });
    for (const f of r.failed) process.stderr.write(`komorium: warning: ${f.name} copied untransformed (${f.error})\n`);
    if (!args.flags.has('quiet')) {
      for (const f of r.fallbacks) process.stderr.write(`fallback: ${f.className}.${f.method}${f.descriptor}: ${f.outcome} (${f.reason})\n`);
      process.stderr.write(
        `transform: ${r.classes} classes (${r.transformed} transformed, ${r.reused} from cache), ${r.resources} resources, ` +
          `${r.fallbacks.length} fallbacks, ${r.failed.length} failed, ${(r.ms / 1000).toFixed(2)} s -> ${outDir}\n` +
          `run it with: java --patch-module=java.base=${patchDir} ${HOTSPOT_JIT_OPTIONS.join(' ')} ${HOTSPOT_STACK_SIZE} -cp ${outDir} MainClass  (the patch keeps reflection and stack traces unchanged and is needed for java.lang.reflect.Proxy of interfaces with extended methods, the -XX options keep the sampling path out of compiled code, ${HOTSPOT_STACK_SIZE} gives deep recursion room for the larger transformed frames; all optional)\n`,
      );
    }
    return r.failed.length > 0 ? 1 : 0;
  },
});
