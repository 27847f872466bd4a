// Export dispatcher: a profile to the text (or bytes, for pprof) of one of the supported formats.

import { exportCallgrind } from './export-callgrind';
import { exportCollapsed } from './export-collapsed';
import { exportCpuProfile } from './export-cpuprofile';
import { exportHprof } from './export-hprof';
import { exportPprof } from './export-pprof';
import { exportSpeedscope } from './export-speedscope';
import { ProfileQueryError, type Profile } from './schema';
import { restrictToThread } from './tree';

export const EXPORT_FORMATS = ['collapsed', 'speedscope', 'cpuprofile', 'pprof', 'callgrind', 'hprof'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The formats whose export is text (pprof is gzipped protobuf). */
export type TextExportFormat = Exclude<ExportFormat, 'pprof'>;

export interface ExportOptions {
  signatures?: boolean;
  thread?: string;
  /** hprof: frames per TRACE (default 4, as HPROF's depth). */
  depth?: number;
}

export function isExportFormat(s: string): s is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(s);
}

/** The exported file's contents: text, or bytes for pprof. */
export function exportProfile(profile: Profile, format: TextExportFormat, opts?: ExportOptions): string;
export function exportProfile(profile: Profile, format: string, opts?: ExportOptions): string | Uint8Array;
export function exportProfile(profile: Profile, format: string, opts: ExportOptions = {}): string | Uint8Array {
  const p = opts.thread !== undefined ? restrictToThread(profile, opts.thread) : profile;
  if (!isExportFormat(format)) throw new ProfileQueryError(`unknown export format '${format}' (expected ${EXPORT_FORMATS.join(', ')})`);
  const sig = opts.signatures ?? false;
  switch (format) {
    case 'collapsed':
      return exportCollapsed(p, { signatures: sig });
    case 'speedscope':
      return `${JSON.stringify(exportSpeedscope(p, { signatures: sig }))}\n`;
    case 'cpuprofile':
      return `${JSON.stringify(exportCpuProfile(p))}\n`;
    case 'pprof':
      return exportPprof(p);
    case 'callgrind':
      return exportCallgrind(p);
    case 'hprof':
      return exportHprof(p, opts.depth !== undefined ? { depth: opts.depth } : {});
  }
}
