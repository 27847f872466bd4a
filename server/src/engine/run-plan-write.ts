// Saving the CLI's warm-start plans (run-plan.ts says what they are). Apart from run-plan.ts so
// that the warm path's bundle does not load node:crypto.

import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLAN_VERSION, planDir, type RunPlan, type Stamp } from './run-plan';

function mtimeOf(p: string): number | undefined {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return undefined;
  }
}

function sizeOf(p: string): number | undefined {
  try {
    return statSync(p).size;
  } catch {
    return undefined;
  }
}

/**
 * Saves a plan: the file of transformed classes is copied into the plan's folder (by content, so
 * a run still reading an older one keeps it), then plan.json is replaced in one step. Errors are
 * swallowed: a plan is only an optimisation.
 */
export function writePlan(cache: string, key: string, p: { java: string; engineArgs: string[]; classesArg: string; classesFile: string; files: string[]; trees: string[]; sources: string[]; stamps: Stamp[] }): void {
  try {
    const dir = planDir(cache, key);
    mkdirSync(dir, { recursive: true });
    const bytes = readFileSync(p.classesFile);
    const kept = join(dir, `classes-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.kmc`);
    if (sizeOf(kept) !== bytes.length) {
      const tmp = `${kept}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      copyFileSync(p.classesFile, tmp);
      renameSync(tmp, kept);
    }
    const plan: RunPlan = {
      version: PLAN_VERSION,
      key,
      java: p.java,
      engineArgs: p.engineArgs.map((a) => (a === p.classesArg ? `${a.slice(0, a.indexOf('=') + 1)}${kept}` : a)),
      files: p.files,
      trees: p.trees,
      sources: p.sources,
      stamps: p.stamps,
    };
    const tmp = join(dir, `plan.json.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
    writeFileSync(tmp, JSON.stringify(plan));
    renameSync(tmp, join(dir, 'plan.json'));
    // Older class files of this key, a day unused (a run may still be reading a recent one).
    for (const n of readdirSync(dir)) {
      const f = join(dir, n);
      if (n.startsWith('classes-') && f !== kept && Date.now() - (mtimeOf(f) ?? Date.now()) > 86_400_000) rmSync(f, { force: true });
    }
  } catch {
    // no plan: the next run prepares again
  }
}
