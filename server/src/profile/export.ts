// Export dispatcher: a profile to one of the supported formats, as text chunks (streamed to a
// file by writeExport) or as one string (exportProfile, for small profiles and tests).

import { collapsedChunks } from './export-collapsed';
import { cpuProfileChunks } from './export-cpuprofile';
import { speedscopeChunks } from './export-speedscope';
import { ProfileQueryError, type Profile } from './schema';
import { joinChunks, writeChunksToFile, type Chunks } from './stream';
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

/** The exported file's text in pieces. Throws ProfileQueryError at once for a bad format or thread. */
export function exportChunks(profile: Profile, format: string, opts: ExportOptions = {}): Chunks {
  const p = opts.thread !== undefined ? restrictToThread(profile, opts.thread) : profile;
  if (!isExportFormat(format)) throw new ProfileQueryError(`unknown export format '${format}' (expected ${EXPORT_FORMATS.join(', ')})`);
  const sig = opts.signatures ?? false;
  switch (format) {
    case 'collapsed':
      return collapsedChunks(p, { signatures: sig });
    case 'speedscope':
      return withNewline(speedscopeChunks(p, { signatures: sig }));
    case 'cpuprofile':
      return withNewline(cpuProfileChunks(p));
  }
}

function* withNewline(chunks: Chunks): Chunks {
  yield* chunks;
  yield '\n';
}

/** The exported file's text. */
export function exportProfile(profile: Profile, format: string, opts: ExportOptions = {}): string {
  return joinChunks(exportChunks(profile, format, opts));
}

/** Streams the export to a file (written to a temporary file, then renamed over `path`). */
export async function writeExport(profile: Profile, format: string, path: string, opts: ExportOptions = {}): Promise<void> {
  await writeChunksToFile(exportChunks(profile, format, opts), path);
}
