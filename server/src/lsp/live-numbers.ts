// The numbers a run shows, from one source: the profile JSON (a live snapshot or the final
// file). The status bar (during a run and after it), the flame graph's footer and the profile
// summary all read these fields, formatted by the same functions, so the editor never shows two
// different totals for the same profile (issue 19, item 2). Pure: no Node, no DOM (the webview
// bundles it too).

import { approx, count } from './numbers';

/** Totals of a profile: Σ over its threads (= meta.totalSamples / meta.totalBytecodes of a valid file). */
export interface ProfileNumbers {
  samples: number;
  bytecodes: number;
  /** `meta.engine`: `interp`, `interp-exact`, `hotspot`, … ('' when absent). */
  engine: string;
  /** `meta.scope`: `all`, `app`, … ('' when absent). */
  scope: string;
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** The numbers of a parsed profile JSON (snapshot or file); null when it is not an object with threads. */
export function numbersOfJson(json: unknown): ProfileNumbers | null {
  if (typeof json !== 'object' || json === null) return null;
  const o = json as { meta?: unknown; threads?: unknown };
  if (!Array.isArray(o.threads)) return null;
  let samples = 0;
  let bytecodes = 0;
  for (const t of o.threads as unknown[]) {
    if (typeof t !== 'object' || t === null) continue;
    samples += num((t as { samples?: unknown }).samples);
    bytecodes += num((t as { bytecodes?: unknown }).bytecodes);
  }
  const meta = (typeof o.meta === 'object' && o.meta !== null ? o.meta : {}) as { engine?: unknown; scope?: unknown };
  return { samples, bytecodes, engine: str(meta.engine), scope: str(meta.scope) };
}

/** `1,234,567` (numbers.ts, shared with lenses and hovers). */
export const countText = count;

/** `950`, `12.3K`, `4.56M`, `7.89G` (three significant digits; numbers.ts). */
export const magnitudeText = approx;

/** `1,234 samples · 4.56M bytecodes`: the same text in the status bar and the footer. */
export function totalsText(n: { samples: number; bytecodes: number }): string {
  return `${countText(n.samples)} sample${n.samples === 1 ? '' : 's'} · ${magnitudeText(n.bytecodes)} bytecodes`;
}

/**
 * The engine and scope of a profile, for people: `embedded JVM · JDK + app`,
 * `embedded JVM, exact · app`, `HotSpot · app only`. '' when the profile does not say.
 */
export function engineText(n: { engine: string; scope: string }): string {
  const engine =
    n.engine === 'interp' ? 'embedded JVM' : n.engine === 'interp-exact' ? 'embedded JVM, exact' : n.engine === 'hotspot' || n.engine === 'jvm' ? 'HotSpot' : n.engine;
  const scope = n.scope === 'all' ? 'JDK + app' : n.scope === 'app' ? 'app only' : n.scope;
  return [engine, scope].filter((s) => s !== '').join(' · ');
}


/** The status bar's text during a run: the elapsed time, then the last shown snapshot's totals. */
export function progressText(program: string, p: { elapsedMs: number; snapshot?: boolean; exact?: boolean; samples: number; bytecodes: number }): string {
  const numbers = p.snapshot ? totalsText(p) : p.exact ? 'exact profile: counting every bytecode (totals at the end)' : 'waiting for the first samples';
  return `${program} ${durationText(p.elapsedMs)} · ${numbers}`;
}

/** `850 ms`, `12.3 s`, `2 min 5 s`. */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
