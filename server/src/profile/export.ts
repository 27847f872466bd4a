// Export dispatcher: a profile to the text of one of the supported formats.

import { exportCollapsed } from './export-collapsed';
import { exportCpuProfile } from './export-cpuprofile';
import { exportSpeedscope } from './export-speedscope';
import { ProfileQueryError, type Profile } from './schema';
import { restrictToThread } from './tree';

export const EXPORT_FORMATS = ['collapsed', 'speedscope', 'cpuprofile'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportOptions {
  signatures?: boolean;
  thread?: string;
}

export function isExportFormat(s: string): s is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(s);
}

/** The exported file's text. */
export function exportProfile(profile: Profile, format: string, opts: ExportOptions = {}): string {
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
  }
}
