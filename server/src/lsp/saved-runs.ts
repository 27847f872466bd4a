// The workspace's saved runs (the Komorium Profiles view): every finished run's profile stays
// in the profiles folder (a folder per workspace in the extension's storage, so a window reload keeps it), and
// an index file there, `runs.json`, describes each: program, engine, scope, date, totals, and
// the name the user gave it. The last `keep` runs are kept; older ones are deleted with their
// files. Every write replaces the index in one rename.

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export const RUNS_INDEX = 'runs.json';

export interface SavedRun {
  /** The profile file's name in the profiles folder. */
  file: string;
  /** The user's name for the run ('' = none: the program is shown). */
  name: string;
  program: string;
  engine: string;
  scope: string;
  /** Epoch milliseconds when the run ended. */
  date: number;
  samples: number;
  bytecodes: number;
}

function valid(r: unknown): r is SavedRun {
  if (typeof r !== 'object' || r === null) return false;
  const o = r as Record<string, unknown>;
  return (
    typeof o.file === 'string' &&
    o.file === basename(o.file) &&
    o.file !== RUNS_INDEX &&
    typeof o.name === 'string' &&
    typeof o.program === 'string' &&
    typeof o.engine === 'string' &&
    typeof o.scope === 'string' &&
    typeof o.date === 'number' &&
    typeof o.samples === 'number' &&
    typeof o.bytecodes === 'number'
  );
}

/** The saved runs, newest first; entries whose file is gone, and a broken index, are left out. */
export function listRuns(dir: string): SavedRun[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dir, RUNS_INDEX), 'utf8'));
  } catch {
    return [];
  }
  const runs = (raw as { runs?: unknown }).runs;
  if (!Array.isArray(runs)) return [];
  return runs.filter(valid).filter((r) => existsSync(join(dir, r.file))).sort((a, b) => b.date - a.date);
}

function writeIndex(dir: string, runs: SavedRun[]): void {
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `${RUNS_INDEX}.${process.pid}.tmp`);
  writeFileSync(tmp, `${JSON.stringify({ version: 1, runs }, null, 1)}\n`);
  renameSync(tmp, join(dir, RUNS_INDEX));
}

/**
 * Adds a finished run (its profile already in `dir`) and deletes the oldest runs beyond `keep`
 * (their profiles too). Returns the runs kept, newest first.
 */
export function recordRun(dir: string, run: SavedRun, keep: number): SavedRun[] {
  const runs = [run, ...listRuns(dir).filter((r) => r.file !== run.file)].sort((a, b) => b.date - a.date);
  const kept = runs.slice(0, Math.max(1, keep));
  for (const old of runs.slice(kept.length)) rmSync(join(dir, old.file), { force: true });
  writeIndex(dir, kept);
  return kept;
}

function find(dir: string, file: string): { runs: SavedRun[]; run: SavedRun } {
  const runs = listRuns(dir);
  const run = runs.find((r) => r.file === file);
  if (!run) throw new Error(`no saved run ${file} in ${dir}`);
  return { runs, run };
}

export function renameRun(dir: string, file: string, name: string): SavedRun[] {
  const { runs, run } = find(dir, file);
  run.name = name.trim();
  writeIndex(dir, runs);
  return runs;
}

export function deleteRun(dir: string, file: string): SavedRun[] {
  const { runs } = find(dir, file);
  const rest = runs.filter((r) => r.file !== file);
  writeIndex(dir, rest);
  rmSync(join(dir, file), { force: true });
  return rest;
}
